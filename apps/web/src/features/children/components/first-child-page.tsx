import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { PageLoader } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { profileQueryOptions } from '../../../api/profile';
import { ChildFormPage } from './child-form-page';

/**
 * `/sinadd` (spec §2): where a parent with status 0 lands after sign-in. The account form comes
 * first (`/email`); then the first child, whose creation completes onboarding. A parent who
 * already has children picks among them on `/addChild`.
 */
export function FirstChildPage() {
  // Signed in: the router's guard route sends a visitor without a session to sign-in.
  const profile = useQuery(profileQueryOptions());
  if (!profile.data) return <PageLoader />;
  const { status, name, email, wechat_id: wechat, student_info: child } = profile.data;
  if (status !== 0) return <Navigate to={paths.home.attendClassNow} replace />;
  if (!name || !email || !wechat) return <Navigate to={paths.onboardingEmail} replace />;
  if (child) return <Navigate to={paths.onboardingChildren} replace />;
  return <ChildFormPage firstChild />;
}
