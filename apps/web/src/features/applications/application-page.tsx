import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from '../auth/index.ts';
import { ApplicationForm } from './application-form.tsx';
import { referralFromQuery } from './application-fields.ts';
import { ApplicationSuccess } from './application-success.tsx';

/** `/kayit`: apply to join (free); `?ref=` from a member's referral link travels with the application. */
export default function ApplicationPage() {
  useTranslation(['apply', 'auth', 'common', 'errors', 'messages']);
  const [searchParams] = useSearchParams();
  const referralCode = referralFromQuery(searchParams.get('ref'));
  const [submittedName, setSubmittedName] = useState<string | null>(null);
  return (
    <AuthFrame width={560} current="apply">
      {submittedName === null ? (
        <ApplicationForm referralCode={referralCode} onSubmitted={setSubmittedName} />
      ) : (
        <ApplicationSuccess firstName={submittedName} />
      )}
    </AuthFrame>
  );
}
