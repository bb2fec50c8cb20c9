// The type check and the linter at once, each on a core of its own: both are single-threaded, and one after the other
// they left the second core idle (27-28 s in all on a 2-core machine, 22 s side by side; docs/architecture.md, Tests).
// Each one's output is printed whole when it ends, so the two never interleave; the exit code is the first failure's.
import { spawn } from 'node:child_process';

const checks = [
  ['typecheck', 'tsc', ['--noEmit']],
  ['lint', 'eslint', ['.']],
] as const;

const results = await Promise.all(
  checks.map(
    ([name, command, args]) =>
      new Promise<{ name: string; code: number; output: string }>((resolve) => {
        const child = spawn(`node_modules/.bin/${command}`, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk));
        child.on('error', (error) => resolve({ name, code: 1, output: `${error.message}\n` }));
        child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
      }),
  ),
);

for (const { name, code, output } of results) {
  process.stdout.write(output);
  console.log(`${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
}
process.exit(results.find(({ code }) => code !== 0)?.code ?? 0);
