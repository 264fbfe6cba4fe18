import { request } from 'node:http';

/** Size of a response body as the server sends it to a browser (brotli when it has it). */
export function compressedSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
