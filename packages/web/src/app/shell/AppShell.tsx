import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useProjects } from '@/api/projects/get-projects';
import { useAuth, useCurrentUser } from '@/api/session/auth-context';
import { LogoMark, PRODUCT_NAME } from '@/components/logo';
import { UsageBar } from '@/components/usage-bar';
import { ProfileDialog } from '@/features/account';
import { useStartNewMeeting } from '@/features/new-meeting';
import { useEnsureDefaultProject } from '@/features/projects';
import { HeaderSearch } from '@/features/search';
import { cn } from '@/lib/utils';
import { MobileNav } from './MobileNav';
import { Sidebar } from './Sidebar';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

export function AppShell({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [profileOpen, setProfileOpen] = useState(false);
  const projects = useProjects();
  const startNewMeeting = useStartNewMeeting();
  useEnsureDefaultProject();

  const handleLogout = () => {
    navigate('/', { replace: true });
    signOut();
  };

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="bg-background focus-visible:ring-ring/50 sr-only z-50 rounded-md px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:ring-[3px]"
      >
        Skip to content
      </a>
      <Sidebar
        user={user}
        collapsed={collapsed}
        onToggle={toggleCollapsed}
        onOpenProfile={() => setProfileOpen(true)}
        onLogout={handleLogout}
      />
      <header className="bg-background/95 sticky top-0 z-20 flex h-14 items-center justify-between gap-4 border-b px-4 backdrop-blur md:hidden">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <LogoMark />
          {PRODUCT_NAME}
        </Link>
        <UsageBar user={user} compact className="w-40 max-w-[50%]" />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'pb-24 outline-none transition-[padding] duration-200 md:pb-0',
          collapsed ? 'md:pl-16' : 'md:pl-64',
        )}
      >
        <div className="bg-background/95 sticky top-0 z-10 flex h-14 items-center border-b px-4 backdrop-blur max-md:top-14 sm:px-6 lg:px-8">
          <HeaderSearch />
        </div>
        {children}
      </main>
      <MobileNav
        user={user}
        hasProjects={(projects.data?.length ?? 0) > 0}
        onNewMeeting={() => startNewMeeting()}
        onOpenProfile={() => setProfileOpen(true)}
        onLogout={handleLogout}
      />
      <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
    </div>
  );
}
