// Runs Mermaid's own parser (the one mermaid.render uses) on each file named on the command line.
// For each file it prints one JSON line: {"file", "ok": true, "type", "actors": [{id, description}],
// "messages": [{from, to, text, note}]} or {"file", "ok": false, "error"}. Exit 0 when every file parsed, 1 when
// some did not, 2 on a usage error. Plain Node, no DOM: mermaid.parse and the diagram's own database work headless.
// Install once: npm ci --prefix tools/mermaid-check
import { readFileSync } from 'node:fs';
import mermaid from 'mermaid';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node tools/mermaid-check/check.mjs FILE...');
  process.exit(2);
}
mermaid.initialize({ startOnLoad: false });
// The line types of Mermaid's sequence database that are notes, not messages.
const NOTE = 2;
let failed = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  try {
    await mermaid.parse(text); // throws on a syntax error
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
    const db = diagram.db;
    const out = { file, ok: true, type: diagram.type, actors: [], messages: [] };
    if (typeof db.getActors === 'function') {
      for (const [id, a] of db.getActors()) out.actors.push({ id, description: a.description });
      for (const m of db.getMessages()) {
        out.messages.push({ from: m.from ?? null, to: m.to ?? null, text: String(m.message ?? ''), note: m.type === NOTE });
      }
    }
    console.log(JSON.stringify(out));
  } catch (e) {
    failed++;
    console.log(JSON.stringify({ file, ok: false, error: String(e && e.message ? e.message : e) }));
  }
}
process.exit(failed > 0 ? 1 : 0);
