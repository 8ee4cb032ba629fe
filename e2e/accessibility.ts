// axe-core on the page as it stands: the serious and critical violations of WCAG 2.1 A and AA, one line
// each (rule, what it found, where), so a failing walk names every problem of every screen at once.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);

export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Mantine's portals (menus, tooltips) sit outside the landmarks by design; the region rule is a
    // best practice about text outside landmarks, not a barrier, and it fires on those portals.
    .disableRules(['region'])
    .analyze();
  return result.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes
        .slice(0, 3)
        .map(
          (node) =>
            `${screen}: ${violation.id} (${violation.impact}) ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''} at ${node.target.join(' ')}`,
        ),
    );
}
