import { Outlet } from 'react-router';
import { OrgExpiryGate } from '../features/organizations/org-expiry-gate';
import { AppFrame } from './app-frame';

/**
 * The admin room view and the facilitator game screen: the top bar (user menu, logout, the logo to
 * the user's home) above the game page, which brings its own main landmark and full-width layout.
 */
export function GameFrame() {
  return (
    <AppFrame pageHasOwnMain>
      <OrgExpiryGate>
        <Outlet />
      </OrgExpiryGate>
    </AppFrame>
  );
}
