import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { ZParticipantLogin } from '@playshop/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useParticipantLogin } from '../../api/use-participant-login';
import { FormCard } from '../../ui/form-card';
import { keepFieldFocus } from '../../ui/keep-focus';

/** `/`: players log in with their username only. */
export function PlayerLoginPage() {
  const navigate = useNavigate();
  const login = useParticipantLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ mode: 'onBlur', resolver: zodResolver(ZParticipantLogin), defaultValues: { username: '' } });

  const handleLogin = handleSubmit((values) => login.mutate(values, { onSuccess: () => navigate('/enter') }));

  return (
    <FormCard
      title="PLAYER LOGIN"
      intro="Enter the username your facilitator gave you to join your workshop."
    >
      <form onSubmit={handleLogin} noValidate>
        <Stack gap="md">
          <TextInput
            label="Username"
            required
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            size="md"
            error={errors.username?.message}
            {...register('username')}
          />
          <Button type="submit" onMouseDown={keepFieldFocus} size="md" fullWidth loading={login.isPending}>
            Submit
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed" component="div">
        <IconInfoCircle size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
        Facilitators and admins: please use the <strong>ORGANIZATION</strong> login at the top right.
      </Text>
    </FormCard>
  );
}
