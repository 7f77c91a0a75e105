// `npm run lint:deploy` (part of `npm run lint`): checks the deployment files without Docker.
//  - Dockerfile: dockerfile-utils' validator (the checks of the VS Code Docker language server:
//    syntax, flags, durations, signals, ports, JSON forms) plus this project's rules for the image.
//  - compose.yaml: dclint (the Compose specification's JSON schema, then its best-practice rules).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { nodeFlags, serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];

// --- Dockerfile --------------------------------------------------------------------------------
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
for (const d of validate(dockerfile)) {
  problems.push(`Dockerfile:${d.range.start.line + 1}: ${d.message}`);
}

const instructions = DockerfileParser.parse(dockerfile).getInstructions();
const args = (i) => (i.getArgumentsContent() ?? '').trim();
const froms = instructions.filter((i) => i.getKeyword() === 'FROM');
const lastFrom = instructions.lastIndexOf(froms.at(-1));
const runtime = instructions.slice(lastFrom + 1);
const inRuntime = (keyword) => runtime.filter((i) => i.getKeyword() === keyword);
const rule = (ok, message) => ok || problems.push(`Dockerfile: ${message}`);

const nodeImage = instructions.find((i) => i.getKeyword() === 'ARG' && args(i).startsWith('NODE_IMAGE='));
rule(froms.length >= 2, 'needs a build stage and a runtime stage');
rule(
  nodeImage && /^NODE_IMAGE=node:24(\.\d+)*-slim$/.test(args(nodeImage)),
  'the base image is node:24-slim (ARG NODE_IMAGE)',
);
rule(
  froms.every((f) => args(f).startsWith('$' + '{NODE_IMAGE}')),
  'every stage starts FROM $' + '{NODE_IMAGE}, so build and runtime share one Node',
);
const user = inRuntime('USER').at(-1);
rule(user && !/^(root|0)(:|$)/.test(args(user)), 'the runtime stage runs as a non-root USER');
rule(inRuntime('HEALTHCHECK').length === 1, 'the runtime stage has one HEALTHCHECK');
rule(
  inRuntime('STOPSIGNAL').some((i) => args(i) === 'SIGTERM'),
  'the runtime stage says STOPSIGNAL SIGTERM',
);
rule(
  inRuntime('VOLUME').some((i) => args(i).includes('/data')),
  'data lives in VOLUME /data',
);
rule(
  inRuntime('ENV').some((i) => /\bDATA_DIR=\/data\b/.test(args(i))),
  'DATA_DIR=/data in the runtime environment',
);
const cmd = inRuntime('CMD').at(-1);
const cmdExecForm = cmd && args(cmd).startsWith('[') ? JSON.parse(args(cmd)) : null;
rule(
  cmdExecForm && !/npm|tsx|build/.test(args(cmd)),
  'CMD runs the built server with node directly (exec form; no npm, no build at start)',
);
const prodFlags = serverNodeFlags(path.join(root, 'package.json'));
const startFlags = serverNodeFlags(path.join(root, 'package.json'), 'start');
rule(
  String(nodeFlags(cmdExecForm ?? [])) === String(prodFlags) && String(startFlags) === String(prodFlags),
  `CMD and \`npm start\` run node with start:prod's flags (${prodFlags.join(' ') || 'none'})`,
);
rule(
  inRuntime('COPY').every(
    (i) =>
      args(i) === '/runtime /app' &&
      i.getFlags().some((f) => `${f.getName()}=${f.getValue()}` === 'from=build'),
  ),
  'the runtime stage copies the runtime tree (scripts/runtime-tree.sh) and nothing else',
);

// --- compose.yaml --------------------------------------------------------------------------------
const dclint = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dclint/package.json')),
  'bin/dclint.cjs',
);
const compose = spawnSync(process.execPath, [dclint, path.join(root, 'compose.yaml')], { encoding: 'utf8' });
if (compose.status !== 0) problems.push(`compose.yaml (dclint):\n${compose.stdout}${compose.stderr}`);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('Dockerfile and compose.yaml: no problems');
