import { Outlet } from 'react-router';
import { PublicFrame } from '../../layout/public-frame';

/** Public, enter and player screens: top bar, page, footer. */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
