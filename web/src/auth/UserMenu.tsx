import { Link } from '@tanstack/react-router';
import { heAuth } from '../i18n/he';
import { authDialog } from './auth-dialog';
import { sessions } from './session';
import { useSession } from './use-session';
import { useUserInfo } from './user-info';
import './auth.css';

/** The header's user slot: sign-in for guests; the user's name (to the personal area) and sign-out once signed in. */
export function UserMenu() {
  const session = useSession();
  const { data } = useUserInfo();
  if (!session) {
    return (
      <button type="button" className="button button-secondary user-menu-button" onClick={() => authDialog.open('signIn')}>
        {heAuth.signIn}
      </button>
    );
  }
  return (
    <div className="user-menu">
      <Link to="/user" className="user-menu-name">
        {data ? heAuth.hello(data.user.firstName) : heAuth.personalArea}
      </Link>
      <button
        type="button"
        className="button button-secondary user-menu-button"
        onClick={() => {
          sessions.signOut();
          authDialog.open('signedOut');
        }}
      >
        {heAuth.signOut}
      </button>
    </div>
  );
}
