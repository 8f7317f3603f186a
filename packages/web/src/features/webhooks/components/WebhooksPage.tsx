import { PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { useWebhooks } from '../api/webhooks';
import { WebhookCard } from './WebhookCard';
import { WebhookForm } from './WebhookForm';

/** Signed HTTP callbacks when meetings are transcribed, fail, or get their notes (docs/decisions/171). */
export default function WebhooksPage() {
  useDocumentTitle('Webhooks');
  const webhooks = useWebhooks();
  return (
    <PageContainer className="grid max-w-3xl gap-6">
      <PageHeader
        title="Webhooks"
        description="Parley posts a signed JSON event to your endpoints (X-Parley-Signature: HMAC-SHA256 with the secret)."
        className="mb-0"
      />
      <WebhookForm />
      {webhooks.data?.map((webhook) => (
        <WebhookCard key={webhook._id} webhook={webhook} />
      ))}
    </PageContainer>
  );
}
