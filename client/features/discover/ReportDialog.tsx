import { PACT_LIMITS } from '@shared/api/pacts';
import { useReportPact } from '../../api/pacts';
import { ReportReasonDialog } from '../safety/ReportReasonDialog';

type ReportDialogProps = {
  pact: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const limits = { min: PACT_LIMITS.reportMin, max: PACT_LIMITS.reportMax };

/** 'Report Challenge': asks for a reason and files it for moderation. */
export function ReportDialog({ pact, open, onOpenChange }: ReportDialogProps) {
  const report = useReportPact();
  return (
    <ReportReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report Challenge"
      description={<>Tell us what is wrong with “{pact.title}”.</>}
      fieldId={`report-reason-${pact.id}`}
      placeholder="Spam, unsafe exercise, offensive content..."
      limits={limits}
      pending={report.isPending}
      send={(reason, handlers) => report.mutate({ id: pact.id, reason }, handlers)}
    />
  );
}
