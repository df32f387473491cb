// Validates SARIF files the way GitHub code scanning will read them:
// 1. against the official SARIF 2.1.0 JSON schema (the copy that ships with
//    the SARIF Multitool), with Ajv;
// 2. with the SARIF Multitool's own rules (SARIF*) and GitHub's (GH*).
// Prints every problem; exits 1 when any file has an error or a warning.
//
//   node .ci/node/validate-sarif.mjs FILE.sarif...
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const pkg = dirname(require.resolve('@microsoft/sarif-multitool-linux/package.json'));
const schema = JSON.parse(readFileSync(join(pkg, 'sarif-2.1.0.json'), 'utf8'));
const multitool = join(pkg, 'Sarif.Multitool');
// npm no longer runs the package's postinstall chmod without approval.
chmodSync(multitool, 0o755);

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

let problems = 0;
const files = process.argv.slice(2);
for (const file of files) {
  const log = JSON.parse(readFileSync(file, 'utf8'));
  if (!validate(log)) {
    for (const e of validate.errors) {
      problems++;
      console.log(`${file}: schema: ${e.instancePath || '/'} ${e.message}`);
    }
  }
}
// One Multitool run per rule kind, over every file at once.
const work = mkdtempSync(join(tmpdir(), 're0-sarif-'));
for (const kind of ['Sarif', 'Gh']) {
  const out = join(work, `${kind}.sarif`);
  execFileSync(multitool, ['validate', ...files, '--rule-kind', kind, '-o', out, '--log', 'ForceOverwrite'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const run = JSON.parse(readFileSync(out, 'utf8')).runs[0];
  const rules = Object.fromEntries((run.tool.driver.rules || []).map((r) => [r.id, r]));
  for (const r of run.results || []) {
    const level = r.level || 'warning';
    const template = rules[r.ruleId]?.messageStrings?.[r.message.id]?.text || r.message.text || '';
    const text = (r.message.arguments || []).reduce((t, a, i) => t.replaceAll(`{${i}}`, a), template);
    const where = r.locations?.[0]?.physicalLocation?.artifactLocation?.uri || '?';
    console.log(`${where}: ${kind} ${r.ruleId} ${level}: ${text}`);
    if (level === 'error' || level === 'warning') problems++;
  }
}
rmSync(work, { recursive: true, force: true });
console.log(`${files.length} file(s) checked against the SARIF 2.1.0 schema, the SARIF rules and the GitHub rules`);
console.log(problems === 0 ? 'sarif: 0 problems' : `sarif: ${problems} problem(s)`);
process.exit(problems === 0 ? 0 : 1);
