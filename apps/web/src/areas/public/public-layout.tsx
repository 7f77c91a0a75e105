import { Outlet } from 'react-router';
import { AppFrame } from '../../layout/app-frame';

/** Public, enter and player screens: top bar, page, footer. */
export function PublicLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}
