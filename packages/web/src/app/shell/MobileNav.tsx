import type { User } from '@parley/contract';
import { CircleUserRound, Plus } from 'lucide-react';
import { NavLink } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { AccountMenuItems } from './AccountMenuItems';
import { NAV_ITEMS, type NavItem } from './nav-items';

const itemClass =
  'flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium outline-none focus-visible:bg-accent';

function MobileLink({ item }: { item: NavItem }) {
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) => cn(itemClass, isActive ? 'text-foreground' : 'text-muted-foreground')}
    >
      <item.icon className="size-5" aria-hidden="true" />
      {item.label}
    </NavLink>
  );
}

/** Below md: Home, Projects, New Meeting (needs a project), People, Account (spec section 2). */
export function MobileNav({
  user,
  hasProjects,
  onNewMeeting,
  onOpenProfile,
  onLogout,
}: {
  user: User;
  hasProjects: boolean;
  onNewMeeting: () => void;
  onOpenProfile: () => void;
  onLogout: () => void;
}) {
  const [home, projects, people] = NAV_ITEMS as [NavItem, NavItem, NavItem];
  return (
    <nav
      aria-label="Mobile"
      className="bg-background fixed inset-x-0 bottom-0 z-30 border-t pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid h-16 grid-cols-5">
        <li>
          <MobileLink item={home} />
        </li>
        <li>
          <MobileLink item={projects} />
        </li>
        <li className="flex items-center justify-center">
          <button
            type="button"
            onClick={onNewMeeting}
            disabled={!hasProjects}
            aria-label="New Meeting"
            title={hasProjects ? 'New Meeting' : 'Create a project first'}
            className="bg-primary text-primary-foreground focus-visible:ring-ring/50 -mt-6 inline-flex size-14 items-center justify-center rounded-full shadow-lg outline-none focus-visible:ring-[3px] disabled:opacity-50"
          >
            <Plus className="size-6" aria-hidden="true" />
          </button>
        </li>
        <li>
          <MobileLink item={people} />
        </li>
        <li>
          <DropdownMenu>
            <DropdownMenuTrigger className={cn(itemClass, 'text-muted-foreground w-full')}>
              <CircleUserRound className="size-5" aria-hidden="true" />
              Account
            </DropdownMenuTrigger>
            <DropdownMenuContent side="top" align="end" className="w-56">
              <AccountMenuItems user={user} onOpenProfile={onOpenProfile} onLogout={onLogout} />
            </DropdownMenuContent>
          </DropdownMenu>
        </li>
      </ul>
    </nav>
  );
}
