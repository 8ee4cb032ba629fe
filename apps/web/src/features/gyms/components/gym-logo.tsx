// A gym's logo in a fixed square, whole (logos are often wide); the gym's initials when it has none.
import { Avatar, Box, Image } from '@mantine/core';

interface GymLogoProps {
  gym: { name: string; logo: string | null };
  size?: number;
}

export function GymLogo({ gym, size = 56 }: GymLogoProps) {
  if (!gym.logo) {
    // The name stands beside it wherever it is shown, so the initials are decoration.
    return <Avatar name={gym.name} color="initials" size={size} radius="md" aria-hidden />;
  }
  return (
    <Box
      w={size}
      h={size}
      p={4}
      bg="white"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, flexShrink: 0 }}
    >
      <Image src={gym.logo} alt={`${gym.name} logo`} w="100%" h="100%" fit="contain" />
    </Box>
  );
}
