import {
  ActionIcon,
  Affix,
  Alert,
  Box,
  Button,
  Image,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useWindowScroll } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  CHECKPOINT_TYPES,
  FLOATING_CLAIM_SCROLL_PX,
  LANDING_COUNTRY_CODE,
  LANDING_PAGE_IDS,
  ShareRegisterFormSchema,
} from '@portal/shared/onboarding';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PhoneField } from '../../../components/phone-field';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { fieldError, toastFirstError } from '@portal/web-kit/forms';
import { currentLanguage } from '../../../lib/i18n';
import { registrationApi, shareImagesQueryOptions } from '../api/registration-api';
import { useInviteAdviser } from '../hooks/use-invite-adviser';
import { useSignUp } from '../hooks/use-sign-up';
import { CaptchaDialog } from '../../../components/captcha/captcha-dialog';
import { RegisterCodeField } from './register-code-field';
import { AgreementLinks } from './agreement-links';

type ShareForm = z.input<typeof ShareRegisterFormSchema>;

/**
 * `/shareRegister` (spec §2): the share landing page. Pictures and colour come from getShareImg;
 * a phone (+86) and its SMS code claim the offer. Every query parameter of the link (invite_code,
 * utm_*, …) goes to signUpUser with landing page 12; then the adviser's page, signed in. An
 * invite code the server does not know is said once at the form, which registers without it.
 */
export function ShareRegisterPage() {
  const { t } = useTranslation('registration');
  useDocumentTitle(t('shareTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const images = useQuery(shareImagesQueryOptions(currentLanguage()));
  const [scroll, scrollTo] = useWindowScroll();
  const formRef = useRef<HTMLDivElement>(null);
  const invite = params.get('invite_code');
  const { isInvalid: inviteInvalid } = useInviteAdviser(invite);
  const form = useForm<ShareForm>({
    resolver: zodResolver(ShareRegisterFormSchema),
    defaultValues: { country_code: LANDING_COUNTRY_CODE, mobile: '', verification: '' },
  });
  const { signUp, captcha, dialog } = useSignUp((data) =>
    navigate(
      data.invite_code
        ? `${paths.saleCard}?invite_code=${encodeURIComponent(data.invite_code)}`
        : paths.newUserThanks,
    ),
  );

  useEffect(() => {
    // Spec §7: the share page records checkpoint type 3 once it is opened.
    void registrationApi.checkpoint(
      CHECKPOINT_TYPES.sharePage,
      `landingpage-id:${LANDING_PAGE_IDS.share}`,
    );
  }, []);

  const claim = () =>
    form.handleSubmit(
      (values) => {
        signUp.mutate({
          ...Object.fromEntries(params),
          ...(invite && !inviteInvalid ? { code: invite } : {}),
          mobile: values.mobile,
          country_code: LANDING_COUNTRY_CODE,
          verification: values.verification,
          landingpage_id: LANDING_PAGE_IDS.share,
        });
      },
      (errors) => {
        toastFirstError<ShareForm>(['mobile', 'verification'])(errors);
        formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      },
    )();

  const [hero, ...rest] = images.data?.list ?? [];
  // The hero picture draws a "Claim it now" button: the whole picture is a real link to the form.
  const toForm = () => {
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    formRef.current?.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus();
  };
  const floating = scroll.y > FLOATING_CLAIM_SCROLL_PX;

  return (
    <>
      <Box
        bg={images.data?.colour ?? 'var(--mantine-color-orange-0)'}
        py={{ base: 'md', sm: 'xl' }}
      >
        <Stack maw={750} mx="auto" px="md" gap="md">
          {hero && (
            <a
              href="#claim-form"
              aria-label={t('heroLink')}
              onClick={(event) => {
                event.preventDefault();
                toForm();
              }}
            >
              <Image src={hero} alt="" radius="lg" />
            </a>
          )}
          <Paper
            ref={formRef}
            id="claim-form"
            withBorder
            shadow="sm"
            radius="lg"
            p={{ base: 'lg', sm: 32 }}
          >
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void claim();
              }}
            >
              <Stack gap="md">
                <div>
                  <Title order={1} size="h2">
                    {t('shareTitle')}
                  </Title>
                  <Text c="dimmed" size="sm" mt={4}>
                    {t('shareSubtitle')}
                  </Text>
                </div>
                {inviteInvalid && (
                  <Alert color="yellow" variant="light" role="status">
                    {t('inviteInvalid')}
                  </Alert>
                )}
                <Controller
                  control={form.control}
                  name="mobile"
                  render={({ field, fieldState }) => (
                    <PhoneField
                      countryCode={LANDING_COUNTRY_CODE}
                      mobile={field.value}
                      onMobileChange={field.onChange}
                      error={fieldError(fieldState.error)}
                    />
                  )}
                />
                <RegisterCodeField
                  phone={() => ({
                    country_code: LANDING_COUNTRY_CODE,
                    mobile: form.getValues('mobile'),
                  })}
                  registration={form.register('verification', {
                    setValueAs: (v: string) => v.replace(/\D+/g, ''),
                  })}
                  error={fieldError(form.formState.errors.verification)}
                />
                <Button type="submit" size="lg" loading={signUp.isPending}>
                  {t('claim')}
                </Button>
                <AgreementLinks />
              </Stack>
            </form>
          </Paper>
          <Paper radius="lg" p={{ base: 'lg', sm: 32 }}>
            <Title order={2} size="h3" c="orange.9" mb="md">
              {t('howTitle')}
            </Title>
            <List type="ordered" spacing="md">
              {(['howClaim', 'howAdviser', 'howJoin'] as const).map((step) => (
                <List.Item key={step}>
                  <Text fw={700}>{t(`${step}Title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`${step}Text`)}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Paper>
          {rest.map((src) => (
            <Image key={src} src={src} alt="" radius="lg" />
          ))}
          <Text size="sm" c="dimmed" ta="center">
            <Trans t={t} i18nKey="shareFootnote" />
          </Text>
        </Stack>
      </Box>
      <CaptchaDialog captcha={captcha} {...dialog} />
      {floating && (
        <>
          <Affix position={{ bottom: 20, left: '50%' }} style={{ transform: 'translateX(-50%)' }}>
            <Button
              size="lg"
              radius="xl"

              style={{ boxShadow: 'var(--mantine-shadow-md)' }}
              onClick={() => void claim()}
              loading={signUp.isPending}
            >
              {t('claim')}
            </Button>
          </Affix>
          <Affix position={{ bottom: 20, right: 20 }}>
            <ActionIcon
              size="xl"
              radius="xl"
              variant="default"
              aria-label={t('backToTop')}
              onClick={() => scrollTo({ y: 0 })}
            >
              ↑
            </ActionIcon>
          </Affix>
        </>
      )}
    </>
  );
}
