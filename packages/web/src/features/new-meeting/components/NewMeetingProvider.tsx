import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useAuth } from '@/api/session/auth-context';
import { useResumeRecordings } from '../hooks/use-resume-recordings';
import { NewMeetingDialog } from './NewMeetingDialog';
import { SelectProjectDialog } from './SelectProjectDialog';

type Step = { kind: 'closed' } | { kind: 'select' } | { kind: 'new'; projectId: string };

/** `start()` asks for a project first; `start(projectId)` goes straight to the New Meeting dialog. */
type StartNewMeeting = (projectId?: string) => void;

const NewMeetingContext = createContext<StartNewMeeting | null>(null);

/** The current route's project, when the user is on a project or meeting screen. */
function useRouteProjectId(): string | undefined {
  const { pathname } = useLocation();
  return (matchPath('/projects/:projectId/*', pathname) ?? matchPath('/projects/:projectId', pathname))?.params
    .projectId;
}

/**
 * Owns the New Meeting flow (spec section 2): 'Select Project', then 'New Meeting'. Mounted once
 * around the signed-in shell, so Home, the project screens and the mobile bar open the same dialogs.
 */
export function NewMeetingProvider({ children }: { children: ReactNode }) {
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const routeProjectId = useRouteProjectId();
  useResumeRecordings(useAuth().user?._id);

  const start = useCallback<StartNewMeeting>(
    (projectId) => {
      const known = projectId ?? routeProjectId;
      setStep(known ? { kind: 'new', projectId: known } : { kind: 'select' });
    },
    [routeProjectId],
  );
  const close = useCallback(() => setStep({ kind: 'closed' }), []);

  return (
    <NewMeetingContext.Provider value={start}>
      {children}
      <SelectProjectDialog
        open={step.kind === 'select'}
        onOpenChange={(open) => !open && close()}
        onSelect={(projectId) => setStep({ kind: 'new', projectId })}
      />
      {step.kind === 'new' && (
        <NewMeetingDialog projectId={step.projectId} open onOpenChange={(open) => !open && close()} />
      )}
    </NewMeetingContext.Provider>
  );
}

export function useStartNewMeeting(): StartNewMeeting {
  const start = useContext(NewMeetingContext);
  if (!start) throw new Error('useStartNewMeeting needs a NewMeetingProvider');
  return start;
}

export type { StartNewMeeting };
