import type { User } from '@parley/contract';
import { LayoutTemplate, LogOut, ShieldCheck, UserRound, Webhook } from 'lucide-react';
import { useNavigate } from 'react-router';
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { SUMMARY_TEMPLATES_PATH } from '@/lib/paths';

/** The account dropdown's body, shared by the desktop user menu and the mobile Account menu. */
export function AccountMenuItems({
  user,
  onOpenProfile,
  onLogout,
}: {
  user: User;
  onOpenProfile: () => void;
  onLogout: () => void;
}) {
  const navigate = useNavigate();
  return (
    <>
      <DropdownMenuLabel className="grid font-normal">
        <span className="truncate font-medium">{user.name}</span>
        <span className="text-muted-foreground truncate text-xs">{user.email}</span>
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onOpenProfile}>
        <UserRound aria-hidden="true" />
        Profile
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => navigate(SUMMARY_TEMPLATES_PATH)}>
        <LayoutTemplate aria-hidden="true" />
        Summary templates
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => navigate('/webhooks')}>
        <Webhook aria-hidden="true" />
        Webhooks
      </DropdownMenuItem>
      {user.role === 'admin' && (
        <DropdownMenuItem onSelect={() => navigate('/admin')}>
          <ShieldCheck aria-hidden="true" />
          Admin
        </DropdownMenuItem>
      )}
      <DropdownMenuItem onSelect={onLogout}>
        <LogOut aria-hidden="true" />
        Log out
      </DropdownMenuItem>
    </>
  );
}
