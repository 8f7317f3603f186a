import type { User } from '@parley/contract';
import { ChevronsUpDown } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { AccountMenuItems } from './AccountMenuItems';

export function userInitials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? `${parts[0]![0]}${parts.at(-1)![0]}` : (parts[0]?.slice(0, 2) ?? '?')).toUpperCase();
}

export function UserAvatar({ user, className }: { user: Pick<User, 'name'>; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'bg-primary text-primary-foreground inline-flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-medium',
        className,
      )}
    >
      {userInitials(user.name)}
    </span>
  );
}

/** Desktop sidebar user menu: shows the email, Profile and Log out. */
export function UserMenu({
  user,
  collapsed,
  onOpenProfile,
  onLogout,
}: {
  user: User;
  collapsed: boolean;
  onOpenProfile: () => void;
  onLogout: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="User menu"
        className={cn(
          'hover:bg-sidebar-accent focus-visible:ring-ring/50 flex w-full items-center gap-2 rounded-md p-2 text-left text-sm outline-none focus-visible:ring-[3px]',
          collapsed && 'justify-center',
        )}
      >
        <UserAvatar user={user} />
        {!collapsed && (
          <>
            <span className="grid min-w-0 flex-1">
              <span className="truncate font-medium">{user.name}</span>
              <span className="text-muted-foreground truncate text-xs">{user.email}</span>
            </span>
            <ChevronsUpDown className="text-muted-foreground size-4" aria-hidden="true" />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent side={collapsed ? 'right' : 'top'} align="start" className="w-56">
        <AccountMenuItems user={user} onOpenProfile={onOpenProfile} onLogout={onLogout} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
