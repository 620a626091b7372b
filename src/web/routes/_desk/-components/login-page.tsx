import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { type Credentials, homePath, login } from '../../../session/auth.ts';
import { safeRedirect } from '../../../session/redirect.ts';
import { AppLogo } from '../../../ui/app-logo.tsx';
import { LanguageSelect } from '../../../ui/language-select.tsx';

const route = getRouteApi('/_desk/login');

export function LoginPage() {
  const { t, i18n } = useLingui();
  const { redirect } = route.useSearch();
  const [form] = Form.useForm<Credentials>();
  // Messages already shown were written in the previous language: show them again in the new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language change is the trigger
  useEffect(() => {
    const shown = form.getFieldsError().filter((field) => field.errors.length > 0);
    if (shown.length) form.validateFields(shown.map((field) => field.name)).catch(() => undefined);
  }, [form, i18n.locale]);
  const navigate = useNavigate();
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: (user) => navigate({ href: safeRedirect(redirect) ?? homePath(user), replace: true }),
  });

  return (
    <main className="login-page">
      <Flex justify="end" className="login-page__bar">
        <LanguageSelect />
      </Flex>
      <Card className="login-page__card">
        <Flex vertical align="center" gap={4} className="login-page__brand">
          <AppLogo size={56} />
          <Typography.Title level={3} style={{ marginBlock: 8 }}>
            {t`Parcel Back Office`}
          </Typography.Title>
          <Typography.Text type="secondary">{t`Sign in with your account`}</Typography.Text>
        </Flex>
        <Form<Credentials>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => signIn.mutate(values)}
          disabled={signIn.isPending}
        >
          <Form.Item
            name="username"
            label={t`Username`}
            rules={[{ required: true, whitespace: true, message: t`Please enter your username` }]}
          >
            <Input name="username" autoComplete="username" prefix={<UserOutlined />} autoFocus size="large" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t`Password`}
            rules={[{ required: true, message: t`Please enter your password` }]}
          >
            <Input.Password
              name="password"
              autoComplete="current-password"
              prefix={<LockOutlined />}
              size="large"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={signIn.isPending}>
            {t`Log in`}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
