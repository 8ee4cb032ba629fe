// The frame of the staff site's signed-in screens: the main layout (with the member search in its top
// bar) for screens whose handle asks for it, the plain page frame otherwise.
import { PageShell } from '@/components/layouts/page-shell';
import { GlobalSearch } from '@/features/search/components/global-search';
import { MainLayout } from '@/features/shell/components/main-layout';
import { useRouteHandle } from '../route-handle';

export function Component() {
  const handle = useRouteHandle();
  return handle?.layout ? <MainLayout search={<GlobalSearch />} /> : <PageShell />;
}
