import { useLocation } from '@tanstack/react-router';
import { he } from '../../kit/i18n/he';
import { Icon } from '../../kit/ui/Icon';
import { SiteLink } from '../../kit/ui/SiteLink';
import { isTabActive, MAIN_TABS } from '../../kit/ui/tabs';

/**
 * The main tabs: a row in the desktop header (`variant="header"`) or the fixed mobile bottom menu
 * (`variant="bottom"`). The current tab carries `aria-current="page"`.
 */
export function MainNav({ variant }: { variant: 'header' | 'bottom' }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <nav className={`main-nav main-nav-${variant}`} aria-label={variant === 'header' ? he.mainNav : he.shell.bottomMenu}>
      <ul className="main-nav-list">
        {MAIN_TABS.map((tab) => {
          const active = isTabActive(tab, pathname);
          return (
            <li key={tab.href}>
              <SiteLink href={tab.href} className="main-nav-link" aria-current={active ? 'page' : undefined}>
                {variant === 'bottom' && <Icon name={tab.icon} />}
                <span className="main-nav-label">{tab.label}</span>
              </SiteLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
