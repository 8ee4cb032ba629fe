import { ContactDetails } from '@/features/legal/components/contact-details';

export function Component() {
  return <ContactDetails />;
}
