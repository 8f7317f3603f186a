import type { User } from '@parley/contract';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { LogoMark, PRODUCT_NAME } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { UsageBar } from '@/components/usage-bar';
import { cn } from '@/lib/utils';
import { NAV_ITEMS, type NavItem } from './nav-items';
import { UserMenu } from './UserMenu';

function SidebarLink({ item, collapsed }: { item: NavItem; collapsed: boolean }) {
  const link = (
    <NavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) =>
        cn(
          'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-ring/50 flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium outline-none focus-visible:ring-[3px]',
          isActive ? 'bg-sidebar-accent text-sidebar-accent-foreground' : 'text-sidebar-foreground/80',
          collapsed && 'justify-center px-0',
        )
      }
    >
      <item.icon className="size-4 shrink-0" aria-hidden="true" />
      <span className={cn(collapsed && 'sr-only')}>{item.label}</span>
    </NavLink>
  );
  if (!collapsed) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{item.label}</TooltipContent>
    </Tooltip>
  );
}

export function Sidebar({
  user,
  collapsed,
  onToggle,
  onOpenProfile,
  onLogout,
}: {
  user: User;
  collapsed: boolean;
  onToggle: () => void;
  onOpenProfile: () => void;
  onLogout: () => void;
}) {
  return (
    <aside
      aria-label="Sidebar"
      data-collapsed={collapsed}
      className={cn(
        'bg-sidebar text-sidebar-foreground fixed inset-y-0 left-0 z-30 hidden flex-col border-r transition-[width] duration-200 md:flex',
        collapsed ? 'w-16' : 'w-64',
      )}
    >
      <div className={cn('flex h-14 items-center gap-2 border-b px-3', collapsed && 'justify-center px-0')}>
        {!collapsed && (
          <Link
            to="/"
            className="flex min-w-0 items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <LogoMark />
            <span className="truncate">{PRODUCT_NAME}</span>
          </Link>
        )}
        <Button
          variant="ghost"
          size="icon"
          className={cn(!collapsed && 'ml-auto')}
          onClick={onToggle}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
        >
          {collapsed ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
        </Button>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
        <ul className="grid gap-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} collapsed={collapsed} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-3 border-t p-2">
        <UsageBar user={user} collapsed={collapsed} className={cn('px-2 pt-1', collapsed && 'px-1')} />
        <UserMenu user={user} collapsed={collapsed} onOpenProfile={onOpenProfile} onLogout={onLogout} />
      </div>
    </aside>
  );
}
