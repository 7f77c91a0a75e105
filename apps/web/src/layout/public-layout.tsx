import { Outlet } from 'react-router';
import { AppFrame } from './app-frame';

/** Public, enter and player screens: top bar, page, footer. */
export function PublicLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}
