import {
  Alert,
  Badge,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  SetupFormSchema,
  type Enrolment,
  type SetupForm as SetupFormValues,
  type SetupInfo,
} from '@portal/shared/staff';
import { FormAlert, fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { ListState } from '@portal/web-kit/list-state';
import { PageLoader, useDocumentTitle } from '@portal/web-kit/page';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { authApi, setupInfoQuery } from '../api';
import { EnrolStep } from './enrol-step';
import { useAfterVerify } from './use-after-verify';

type Step = { kind: 'form' } | { kind: 'enrol'; ticket: string; enrolment: Enrolment };

/**
 * Where an invitation, the first admin's link or a second-factor reset lands
 * (/ops/setup/:token, 48 hours): name and password, then the authenticator app, then the
 * recovery codes, then the console.
 */
export function SetupPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('setupTitle'));
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const info = useQuery(setupInfoQuery(token));
  const [step, setStep] = useState<Step>({ kind: 'form' });

  const { onVerified, codesStep } = useAfterVerify(paths.home);
  // The enrolment ticket ran out: the password is set, so the member signs in and enrols there.
  const onExpired = () => void navigate(paths.signIn, { replace: true });

  if (codesStep) return codesStep;
  if (step.kind === 'enrol')
    return (
      <EnrolStep
        ticket={step.ticket}
        enrolment={step.enrolment}
        onVerified={onVerified}
        onExpired={onExpired}
      />
    );
  return (
    <ListState
      query={info}
      loading={<PageLoader />}
      error={
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h2">
            {t('linkInvalid')}
          </Title>
          <Alert color="yellow" variant="light" w="100%">
            {info.error instanceof ApiError && info.error.httpStatus !== 0
              ? info.error.msg
              : t('common:errorText')}
          </Alert>
          <Button component={Link} to={paths.signIn} variant="light">
            {t('toSignIn')}
          </Button>
        </Stack>
      }
    >
      {(data) => (
        <SetupForm
          token={token}
          info={data}
          onEnrol={(answer) =>
            setStep({ kind: 'enrol', ticket: answer.ticket, enrolment: answer.enrolment })
          }
        />
      )}
    </ListState>
  );
}

function SetupForm({
  token,
  info,
  onEnrol,
}: {
  token: string;
  info: SetupInfo;
  onEnrol: (answer: { ticket: string; enrolment: Enrolment }) => void;
}) {
  const { t } = useTranslation('auth');
  const { t: common } = useTranslation();
  const form = useForm<SetupFormValues, unknown, z.output<typeof SetupFormSchema>>({
    resolver: zodResolver(SetupFormSchema),
    defaultValues: { name: info.name, password: '', confirm: '' },
  });
  const feedback = useFormFeedback(form, {
    order: ['name', 'password', 'confirm'],
    fieldMessages: {
      staffNameEmpty: 'name',
      staffNameTooLong: 'name',
      staffPasswordWeak: 'password',
    },
  });
  const setup = useMutation({
    mutationFn: ({ name, password }: { name: string; password: string }) =>
      authApi.setup({ token, name, password }),
    onSuccess: (answer) => {
      feedback.onSuccess();
      onEnrol(answer);
    },
    onError: feedback.onError,
  });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('setupTitle')}
      </Title>
      <Text size="sm">{t('setupIntro')}</Text>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {info.email}
        </Text>
        <Badge variant="light" color="gray" radius="sm">
          {t('setupRole', { role: common(`roles.${info.role}`) })}
        </Badge>
      </Group>
      <form noValidate onSubmit={feedback.submit((values) => setup.mutate(values))}>
        <Stack gap="md">
          <FormAlert {...feedback.alert} />
          <TextInput
            label={t('name')}
            autoComplete="name"
            {...form.register('name')}
            error={fieldError(form.formState.errors.name)}
          />
          {/* For password managers: the account this password belongs to. */}
          <input
            type="hidden"
            name="username"
            autoComplete="username"
            value={info.email}
            readOnly
          />
          <PasswordInput
            label={t('newPassword')}
            description={t('passwordHint')}
            autoComplete="new-password"
            {...form.register('password')}
            error={fieldError(form.formState.errors.password)}
          />
          <PasswordInput
            label={t('confirmPassword')}
            autoComplete="new-password"
            {...form.register('confirm')}
            error={fieldError(form.formState.errors.confirm)}
          />
          <Button type="submit" loading={setup.isPending}>
            {t('setupContinue')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
