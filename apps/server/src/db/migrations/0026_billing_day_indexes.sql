-- A payment's attempts by its charge (issue 27). The run reads a charge's attempts by charge_id (the
-- retry's latest attempt and its count, whether staff took part of the charge, the charge's attempt
-- numbers), and without an index each read scanned every payment: a day's work grew with the history.
CREATE INDEX payments_charge_attempt ON payments USING btree (charge_id, attempt);
