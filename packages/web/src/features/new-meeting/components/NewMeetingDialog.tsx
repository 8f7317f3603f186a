import { MESSAGES } from '@parley/contract';
import { Mic, Upload } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useProjects } from '@/api/projects/get-projects';
import { useCurrentUser } from '@/api/session/auth-context';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { meetingPath } from '@/lib/meeting-links';
import { isOverMonthlyLimit, summarizeUsage } from '@/lib/usage';
import { useSubmitMeeting } from '../hooks/use-submit-meeting';
import { useWarnBeforeUnload } from '../hooks/use-warn-before-unload';
import { DiscardRecordingDialog } from './DiscardRecordingDialog';
import { RecordTab } from './RecordTab';
import { UploadTab } from './UploadTab';

type Mode = 'record' | 'upload';

/** Step 2 of the New Meeting flow: record in the browser or upload a file, then open the new meeting. */
export function NewMeetingDialog({
  projectId,
  open,
  onOpenChange,
}: {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const projects = useProjects();
  const projectName = projects.data?.find((project) => project._id === projectId)?.name;
  const [mode, setMode] = useState<Mode>('record');
  // A recording (running, paused or stopped) that has not been used yet: closing asks first.
  const [hasRecording, setHasRecording] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  useWarnBeforeUnload(hasRecording);
  const submit = useSubmitMeeting(projectId, (meeting) => {
    onOpenChange(false);
    navigate(meetingPath(projectId, meeting._id));
  });
  const requestClose = () => {
    if (submit.isPending) return;
    if (hasRecording) setConfirmingDiscard(true);
    else onOpenChange(false);
  };

  const overLimit = isOverMonthlyLimit(user);
  const limitMessage = MESSAGES.monthlyLimitReached(summarizeUsage(user).limitSeconds);
  // The limit is on recorded audio: a transcript import stays possible over it (decision 071).
  const disabled = overLimit;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
      <DialogContent className="sm:max-w-xl" showCloseButton={!submit.isPending}>
        <DialogHeader>
          <DialogTitle>New Meeting</DialogTitle>
          <DialogDescription>
            {projectName ? `Record or upload audio for ${projectName}.` : 'Record or upload audio for this project.'}
          </DialogDescription>
        </DialogHeader>
        {overLimit && (
          <Alert variant="destructive">
            <AlertDescription>{limitMessage}</AlertDescription>
          </Alert>
        )}
        <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)} className="min-w-0">
          <TabsList className="w-full">
            <TabsTrigger value="record" disabled={disabled || submit.isPending}>
              <Mic aria-hidden="true" />
              Record
            </TabsTrigger>
            <TabsTrigger value="upload" disabled={submit.isPending}>
              <Upload aria-hidden="true" />
              Upload
            </TabsTrigger>
          </TabsList>
          {/* Both panels stay mounted: switching tabs must not stop a recording or drop a chosen file. */}
          <TabsContent value="record" forceMount hidden={mode !== 'record'}>
            <RecordTab
              projectId={projectId}
              active={mode === 'record'}
              disabled={disabled}
              submit={submit}
              onCancel={requestClose}
              onHasRecordingChange={setHasRecording}
            />
          </TabsContent>
          <TabsContent value="upload" forceMount hidden={mode !== 'upload'}>
            <UploadTab
              active={mode === 'upload'}
              disabled={false}
              audioDisabled={overLimit}
              submit={submit}
              onCancel={requestClose}
            />
          </TabsContent>
        </Tabs>
        <DiscardRecordingDialog
          open={confirmingDiscard}
          onKeep={() => setConfirmingDiscard(false)}
          onDiscard={() => {
            setConfirmingDiscard(false);
            setHasRecording(false);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
