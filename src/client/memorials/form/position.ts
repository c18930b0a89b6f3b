/**
 * A map position as people give it: "55.6761, 12.5683", Danish decimal commas "55,6761 12,5683",
 * or a link copied from a map (OpenStreetMap's mlat/mlon or #map=zoom/lat/lon, Google Maps' @lat,lon
 * or ?q=lat,lon). Returns null when no position can be read or it lies outside the globe.
 */
export interface Position {
  latitude: number;
  longitude: number;
}

const NUMBER = String.raw`-?\d{1,3}(?:[.,]\d+)?`;

function valid(latitude: number, longitude: number): Position | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
}

const toNumber = (value: string) => Number(value.replace(',', '.'));

export function parsePosition(input: string): Position | null {
  const text = input.trim();
  if (!text) return null;
  const osm = /mlat=(-?[\d.]+)&mlon=(-?[\d.]+)/.exec(text) ?? /#map=\d+\/(-?[\d.]+)\/(-?[\d.]+)/.exec(text);
  if (osm) return valid(Number(osm[1]), Number(osm[2]));
  const google = /@(-?[\d.]+),(-?[\d.]+)/.exec(text) ?? /[?&](?:q|query|ll)=(-?[\d.]+),\s*(-?[\d.]+)/.exec(text);
  if (google) return valid(Number(google[1]), Number(google[2]));
  // Two numbers; with decimal commas they must be split by a space or semicolon, not by a comma.
  const pair = new RegExp(String.raw`^(${NUMBER})\s*[;,\s]\s*(${NUMBER})$`).exec(text);
  if (pair) return valid(toNumber(pair[1]!), toNumber(pair[2]!));
  return null;
}

export const formatPosition = (position: { latitude: number | null; longitude: number | null }) =>
  position.latitude === null || position.longitude === null ? '' : `${position.latitude}, ${position.longitude}`;
