import { LegalDocument } from '@/features/legal/components/legal-document';

export default function PrivacyPolicyPage() {
  return <LegalDocument document="privacy" />;
}
