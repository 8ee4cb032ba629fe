// The legal name and GST number receipts print as the supplier (New Zealand taxable supply information).
import { taxDetailsSchema } from '@gym/domain/self-service';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Organisation } from '../api/organisation-answers';
import { useSectionSave } from '../lib/use-section-save';
import { SettingsSection } from './settings-section';

export function TaxDetailsForm({ organisation }: { organisation: Organisation }) {
  const [legalName, setLegalName] = useState(organisation.tax_details.legal_name ?? '');
  const [gstNumber, setGstNumber] = useState(organisation.tax_details.gst_number ?? '');
  const section = useSectionSave(organisation.id, 'tax-details', {
    success: 'The legal name and GST number are saved.',
    fields: ['legal_name', 'gst_number'],
  });
  return (
    <SettingsSection
      title="Receipts"
      description="Members’ receipts name the gym by its legal name and show the GST in each payment when a GST number is set."
      pending={section.pending}
      formRef={section.formRef}
      onSave={() =>
        section.save(taxDetailsSchema, { legal_name: legalName, gst_number: gstNumber }, (saved) =>
          setGstNumber(saved.tax_details.gst_number ?? ''),
        )
      }
    >
      <TextInput
        label="Legal name"
        description="As registered, e.g. Demo Fitness Limited"
        value={legalName}
        error={section.errors.legal_name}
        onChange={(e) => {
          setLegalName(e.currentTarget.value);
          section.clear('legal_name');
        }}
      />
      <TextInput
        label="GST number"
        description="8 or 9 digits, e.g. 123-456-789; leave empty if not registered for GST"
        value={gstNumber}
        error={section.errors.gst_number}
        onChange={(e) => {
          setGstNumber(e.currentTarget.value);
          section.clear('gst_number');
        }}
      />
    </SettingsSection>
  );
}
