/**
 * The AI providers, one small interface per kind of work (decision 0033): a prediction API of the
 * create → poll → fetch kind makes the greeting's video and the song's music; a chat API writes the
 * lyrics. Which ones this installation has comes from the environment (config.ts); without one, its
 * extra is not offered, and nothing about it can be bought.
 */
import type { Config } from '../config';
import { createChatProvider } from './chat-provider';
import { createPredictionProvider } from './prediction-provider';
import { type ChatProvider, type PredictionProvider, redact } from './provider-types';

export interface Providers {
  video: PredictionProvider | null;
  music: PredictionProvider | null;
  lyrics: ChatProvider | null;
}

/** Built once per app from the configuration. */
export function providersFor(config: Config): Providers {
  const keys = [config.AI_VIDEO_KEY, config.AI_MUSIC_KEY, config.AI_LYRICS_KEY].filter((key): key is string => Boolean(key));
  const hide = (text: string) => redact(text, keys);
  const timeoutMs = config.AI_REQUEST_TIMEOUT_SECONDS * 1000;
  return {
    video:
      config.AI_VIDEO_URL && config.AI_VIDEO_KEY && config.AI_VIDEO_MODEL
        ? createPredictionProvider({ url: config.AI_VIDEO_URL, key: config.AI_VIDEO_KEY, model: config.AI_VIDEO_MODEL, timeoutMs, hide })
        : null,
    music:
      config.AI_MUSIC_URL && config.AI_MUSIC_KEY && config.AI_MUSIC_MODEL
        ? createPredictionProvider({ url: config.AI_MUSIC_URL, key: config.AI_MUSIC_KEY, model: config.AI_MUSIC_MODEL, timeoutMs, hide })
        : null,
    lyrics:
      config.AI_LYRICS_URL && config.AI_LYRICS_KEY && config.AI_LYRICS_MODEL
        ? createChatProvider({ url: config.AI_LYRICS_URL, key: config.AI_LYRICS_KEY, model: config.AI_LYRICS_MODEL, timeoutMs, hide })
        : null,
  };
}

/** What this installation offers: the greeting needs a video provider; the song needs lyrics and music. */
export function aiOffer(providers: Providers): { greeting: boolean; song: boolean } {
  return { greeting: providers.video !== null, song: providers.lyrics !== null && providers.music !== null };
}

/** The same, from the configuration alone (the browser's part of it: client-html.ts). */
export function configuredOffer(config: Config): { greeting: boolean; song: boolean } {
  const has = (kind: 'VIDEO' | 'LYRICS' | 'MUSIC') => Boolean(config[`AI_${kind}_URL`] && config[`AI_${kind}_KEY`] && config[`AI_${kind}_MODEL`]);
  return { greeting: has('VIDEO'), song: has('LYRICS') && has('MUSIC') };
}
