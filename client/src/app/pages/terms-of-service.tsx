import { LegalDocument } from '@/features/legal/components/legal-document';

export default function TermsOfServicePage() {
  return <LegalDocument document="terms" />;
}
