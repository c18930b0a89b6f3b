/**
 * An OpenAI-compatible chat API, through the official client: POST {url}/chat/completions. Many
 * providers speak it (OpenAI itself, and hosts of open models), so AI_LYRICS_URL picks one.
 */
import OpenAI from 'openai';
import { type ChatProvider, ProviderError } from './provider-types';

export function createChatProvider(options: { url: string; key: string; model: string; timeoutMs: number; hide: (text: string) => string }): ChatProvider {
  const { model, hide } = options;
  // The job queue tries again with its own back-off and bounds, so the client does not.
  const client = new OpenAI({ apiKey: options.key, baseURL: options.url, maxRetries: 0, timeout: options.timeoutMs });
  return {
    name: `chat:${new URL(options.url).host}`,
    model,
    async write({ system, user }) {
      let answer: unknown;
      try {
        answer = await client.chat.completions.create({
          model,
          temperature: 0.8,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        });
      } catch (error) {
        throw asProviderError(error, hide);
      }
      const raw = hide(JSON.stringify(answer ?? null));
      const text = (answer as OpenAI.Chat.Completions.ChatCompletion | null)?.choices?.[0]?.message?.content;
      if (typeof text !== 'string' || text.trim() === '') throw new ProviderError('Udbyderen svarede uden en tekst.', true, null, raw);
      return { text, raw };
    },
  };
}

function asProviderError(error: unknown, hide: (text: string) => string): ProviderError {
  if (error instanceof OpenAI.APIConnectionError) {
    const timedOut = error instanceof OpenAI.APIConnectionTimeoutError;
    return new ProviderError(timedOut ? 'Udbyderen svarede ikke i tide.' : 'Udbyderen kunne ikke nås.', true, null, hide(error.message));
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const status = error.status;
    const retryAfter = Number(error.headers?.get('retry-after'));
    const raw = hide(JSON.stringify(error.error ?? error.message));
    return new ProviderError(`Udbyderen svarede HTTP ${status}.`, status === 429 || status >= 500, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null, raw);
  }
  // A body that was not JSON, or anything else the client could not read: worth another try.
  return new ProviderError('Udbyderen svarede uforståeligt.', true, null, hide(error instanceof Error ? error.message : String(error)));
}
