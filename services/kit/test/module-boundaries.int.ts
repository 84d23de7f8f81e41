import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// The lint rule that keeps the architecture: a wrong import must fail `make test`.
const root = join(__dirname, '../../..');
const cases: { what: string; filePath: string; code: string; allowed: boolean }[] = [
  { what: 'the web importing the kit', filePath: 'web/src/bad.ts', code: "import { loadEnv } from '@mc/kit';\nexport const x = loadEnv;\n", allowed: false },
  { what: 'a service importing another service', filePath: 'services/catalog/src/bad.ts', code: "import { pharmService } from '@mc/pharm';\nexport const x = pharmService;\n", allowed: false },
  { what: 'a service reaching into another by path', filePath: 'services/catalog/src/bad.ts', code: "import { pharmService } from '../../pharm/src/service';\nexport const x = pharmService;\n", allowed: false },
  { what: 'the gateway importing a service', filePath: 'gateway/src/bad.ts', code: "import { catalogService } from '@mc/catalog';\nexport const x = catalogService;\n", allowed: false },
  { what: 'the contracts importing the kit', filePath: 'contracts/src/bad.ts', code: "import { loadEnv } from '@mc/kit';\nexport const x = loadEnv;\n", allowed: false },
  { what: 'a service importing contracts and the kit', filePath: 'services/catalog/src/ok.ts', code: "import { Messages } from '@mc/contracts';\nimport { loadEnv } from '@mc/kit';\nexport const x = [Messages, loadEnv];\n", allowed: true },
  { what: 'the web importing contracts', filePath: 'web/src/ok.ts', code: "import { Messages } from '@mc/contracts';\nexport const x = Messages;\n", allowed: true },
];

describe('module boundaries', () => {
  let messages: string[][];

  beforeAll(() => {
    const input = JSON.stringify(cases.map(({ filePath, code }) => ({ filePath: join(root, filePath), code })));
    const output = execFileSync(process.execPath, [join(__dirname, 'fixtures/lint-texts.mjs')], { cwd: root, input, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false' } });
    messages = JSON.parse(output);
  });

  it.each(cases.map((c, i) => [c.allowed ? 'allows' : 'rejects', c.what, i] as const))('%s %s', (_verdict, _what, i) => {
    if (cases[i].allowed) expect(messages[i]).toEqual([]);
    else expect(messages[i].length).toBeGreaterThan(0);
  });
});
