// Parses Mermaid files with Mermaid's own parser (mermaid.parse), headless:
// jsdom provides the window Mermaid's sanitizer needs. It must exist before
// Mermaid (and DOMPurify inside it) is first imported.
//
//   node .ci/node/mermaid-parse.mjs FILE.mmd...
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';

const { window } = new JSDOM('');
globalThis.window = window;
globalThis.document = window.document;
const mermaid = (await import('mermaid')).default;
mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });

let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const r = await mermaid.parse(readFileSync(file, 'utf8'));
    console.log(`ok ${file} (${r.diagramType})`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${file}: ${String(e.message || e).split('\n').slice(0, 4).join(' | ')}`);
  }
}
process.exit(failed ? 1 : 0);
