/** The REST bodies of the CRM resources (explicit selections: the default would nest relations three levels deep). */
export const CONTACT =
  '{ id name email phone status companyId ownerId lastContactedAt address city state zipCode source supersededById supersededReason organizationId createdAt updatedAt }';
export const COMPANY =
  '{ id name website industry employeeCount revenue placesId rating reviewCount enrichment enrichedAt serviceAreas organizationId createdAt updatedAt }';
export const DIRECTORY_PLACE = '{ placeId name address rating reviewCount website phone types companyId }';
export const LEAD =
  '{ id leadName email phone companyName companyId status contactId ownerId convertedAt convertedById customerId score scoreBand organizationId createdAt updatedAt }';
/** One lead with its score's explanation: each signal's points and reason (docs/ai.md, "Lead scoring 0-7"). */
export const LEAD_WITH_SCORE =
  '{ id leadName email phone companyName companyId status contactId ownerId convertedAt convertedById customerId score scoreBand scoreSignals { signal points max reason } scoredAt organizationId createdAt updatedAt }';
export const CUSTOMER =
  '{ id name email phone companyId ownerId contactId billingAddress billingCity billingState billingZipCode creditLimit accountHold accountHoldReason taxExempt taxExemptCertificate taxExemptExpiresOn lifetimeOrderValue historyContactIds organizationId createdAt updatedAt }';
