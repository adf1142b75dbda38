import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The web-feature-boundary errors the project's lint config reports for `code` at `file`. */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'zura/web-feature-boundaries')
    .map((message) => message.message);
}

// The first lint loads the whole config (typescript-eslint, react-hooks): seconds on a busy machine.
describe('zura/web-feature-boundaries', { timeout: 30_000 }, () => {
  it("fails an import of another feature's components, hooks or api.ts", async () => {
    const errors = await boundaryErrors(
      'web/src/features/posts/components/Example.tsx',
      [
        "import { TipButton } from '../../tips/components/TipButton';",
        "export { walletQuery } from '../../wallet/api';",
        "export const load = () => import('../../video/VideoPlayer');",
        'export const used = [TipButton];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain(
      "'features/posts' imports 'components/TipButton' of feature 'tips': import from the feature's folder",
    );
  });

  it('fails a page or the app reaching into a feature, and lib, ui or payments importing one', async () => {
    const page = "import { WalletScreen } from '../features/wallet/components/WalletScreen';";
    expect(await boundaryErrors('web/src/pages/Example.tsx', page)).toHaveLength(1);
    const lib = "import { TipButton } from '../features/tips';\nexport const t = TipButton;";
    const [upward] = await boundaryErrors('web/src/lib/example.ts', lib);
    expect(upward).toContain("'lib' is beneath the features and may not import feature 'tips'");
    const payments = "import type { Post } from '../features/posts';\nexport type P = Post;";
    expect(await boundaryErrors('web/src/payments/example.ts', payments)).toHaveLength(1);
  });

  it("allows a feature's folder or index.ts, its own files, and lib from anywhere", async () => {
    const inFeature = [
      "import { TipButton } from '../../tips';",
      "import { WalletBalance } from '../../wallet/index.ts';",
      "import { postKeys } from '../../../lib/query-keys';",
      "import { PostCard } from './PostCard';",
      "import { commentCountOf } from '../comments/helpers';",
      'export const used = [TipButton, WalletBalance, postKeys, PostCard, commentCountOf];',
    ].join('\n');
    expect(
      await boundaryErrors('web/src/features/posts/components/Example.tsx', inFeature),
    ).toEqual([]);
    const page =
      "import { WalletScreen } from '../features/wallet';\nexport const w = WalletScreen;";
    expect(await boundaryErrors('web/src/pages/Example.tsx', page)).toEqual([]);
  });
});
