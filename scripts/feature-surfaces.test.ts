import { describe, expect, it } from 'vitest';
import { narrowSurfaceImports } from '../web/feature-surfaces.ts';

const SRC = '/app/web/src';
const TIPS = `${SRC}/features/tips/index.ts`;
const BUTTON = `${SRC}/features/tips/components/TipButton.tsx`;
const LOADER = `${SRC}/features/tips/load-tip-dialog.ts`;
const PAGE = `${SRC}/pages/ProfilePage.tsx`;
const tips = {
  importedIds: [BUTTON, LOADER],
  code: 'export { TipButton } from "./components/TipButton";\nexport { loadTipDialog } from "./load-tip-dialog";\n',
};

describe('narrowSurfaceImports (the first-visit chunks through a feature’s index.ts)', () => {
  it('leads an import of a surface to the modules supplying the names imported', () => {
    const page = { importedIds: [TIPS], code: 'import { loadTipDialog } from "../features/tips";' };
    const graph = narrowSurfaceImports(
      new Map([
        [TIPS, tips],
        [PAGE, page],
        [BUTTON, { importedIds: [], code: '' }],
      ]),
    );
    expect(graph.get(PAGE)).toEqual([LOADER]);
    expect(graph.get(TIPS)).toEqual([BUTTON, LOADER]);
  });

  it('keeps the whole surface for an import it cannot narrow', () => {
    const whole = (code: string) => {
      const page = { importedIds: [TIPS], code };
      return narrowSurfaceImports(
        new Map([
          [TIPS, tips],
          [PAGE, page],
        ]),
      ).get(PAGE);
    };
    // A side-effect import (what `import { type X }` leaves), a namespace, a name not re-exported.
    expect(whole('import "../features/tips";')).toEqual([TIPS]);
    expect(whole('import * as tips from "../features/tips";')).toEqual([TIPS]);
    expect(whole('import { TipDialog } from "../features/tips";')).toEqual([TIPS]);
    // A surface that does more than re-export by name is not narrowed either.
    const busy = { ...tips, code: `${tips.code}export * from "./components/TipButton";` };
    const page = { importedIds: [TIPS], code: 'import { TipButton } from "../features/tips";' };
    expect(
      narrowSurfaceImports(
        new Map([
          [TIPS, busy],
          [PAGE, page],
        ]),
      ).get(PAGE),
    ).toEqual([TIPS]);
  });
});
