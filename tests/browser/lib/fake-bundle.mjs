// A bundle around the fake app fixture, for the service-worker and shell tests.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server.mjs';

/**
 * Builds a bundle around the fake app fixture (fixtures/fake-app) in `dir`,
 * with the real web/ shell, icons and sw.js from scripts/bundle.mjs. `version`
 * changes the fake app's content so a rebuild gets a new cache name.
 */
export async function buildFakeDist(dir, { version = 'v1', withWasm = true } = {}) {
  const { execFileSync } = await import('node:child_process');
  fs.mkdirSync(path.join(dir, 'fonts'), { recursive: true });
  const fixture = path.join(repoRoot, 'tests/browser/fixtures/fake-app');
  fs.writeFileSync(path.join(dir, 'reversi.js'),
    `window.FAKE_VERSION = ${JSON.stringify(version)};\n` + fs.readFileSync(path.join(fixture, 'reversi.js'), 'utf8'));
  const emptyModule = Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]);
  fs.writeFileSync(path.join(dir, 'reversi.wasm'), emptyModule);
  for (const worker of ['ai_worker', 'ai_worker_simd']) {
    fs.writeFileSync(path.join(dir, `${worker}.js`), '// fake worker\n');
    fs.writeFileSync(path.join(dir, `${worker}.wasm`), emptyModule);
  }
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  if (fs.existsSync(font)) fs.copyFileSync(font, path.join(dir, 'fonts/DejaVuSans.ttf'));
  const out = execFileSync(process.execPath, [path.join(repoRoot, 'scripts/bundle.mjs'), dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (!withWasm) fs.rmSync(path.join(dir, 'reversi.wasm'));
  return out.trim();
}

