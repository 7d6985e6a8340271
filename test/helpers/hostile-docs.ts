// Every hostile document the server is tried on, by the path it is served at: PDF bombs however
// spelled (the other spellings at `spellingMb`), PDFs that cost a reader minutes, seven large
// streams, a valid 49 MB PDF with a large attachment, markup a parser must repair, deep JSON,
// and a gzip copy of the unclosed <div>s.
import { gzipSync } from 'node:zlib';
import { hostilePages } from './hostile-pages.ts';
import {
  cpuBombPdfs,
  hostilePdfs,
  largeAttachmentPdf,
  manyStreamsPdf,
  streamedBombs,
} from './hostile-pdfs.ts';

export type HostileDoc = { body: Uint8Array; type: string; encoding?: string };

export async function hostileDocuments(spellingMb: number): Promise<Map<string, HostileDoc>> {
  const docs = new Map<string, HostileDoc>();
  for (const [name, body] of [...(await streamedBombs(1024)), ...hostilePdfs(spellingMb), ...cpuBombPdfs()])
    docs.set(`/${name}.pdf`, { body, type: 'application/pdf' });
  docs.set('/seven-streams.pdf', { body: manyStreamsPdf(7, 31), type: 'application/pdf' });
  docs.set('/valid-49mb.pdf', { body: largeAttachmentPdf(49), type: 'application/pdf' });
  for (const [name, type, body] of hostilePages())
    docs.set(`/${name}`, { body: new TextEncoder().encode(body), type });
  const div = docs.get('/unclosed-div');
  if (div)
    docs.set('/unclosed-div.gz', {
      body: gzipSync(div.body, { level: 9 }),
      type: 'text/html',
      encoding: 'gzip',
    });
  return docs;
}
