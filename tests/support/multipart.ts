/**
 * multipart/form-data bodies as a browser's FormData sends them: the fields first, then the file.
 * For tests that send uploads by hand (over inject, or in pieces over a raw socket).
 */
export const BOUNDARY = '----mindested-test-boundary';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
}

/** Everything before the file's bytes: the fields and the file part's headers. */
export function multipartHead(fields: Record<string, string>, file: FilePart): Buffer {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  parts.push(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`);
  return Buffer.from(parts.join(''));
}

/** What follows the file's bytes. */
export const MULTIPART_TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export function multipartForm(fields: Record<string, string>, file: FilePart & { content: Buffer }) {
  return { payload: Buffer.concat([multipartHead(fields, file), file.content, MULTIPART_TAIL]), headers: { 'content-type': MULTIPART_CONTENT_TYPE } };
}
