import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * What "New Meeting" does. The Select Project / New Meeting dialogs arrive with the meeting-creation
 * issue; until then the button takes the user to /projects, where a project is chosen or created.
 */
export function useStartNewMeeting(): () => void {
  const navigate = useNavigate();
  return useCallback(() => navigate('/projects'), [navigate]);
}
