/** The REST bodies of the CRM resources: explicit selections (the default would nest relations three levels deep). */
export const CONTACT =
  '{ id name email phone status companyId ownerId lastContactedAt address city state zipCode source supersededById supersededReason organizationId createdAt updatedAt }';
export const COMPANY =
  '{ id name website industry employeeCount revenue placesId enrichment enrichedAt serviceAreas organizationId createdAt updatedAt }';
export const LEAD =
  '{ id leadName email phone companyName companyId status contactId ownerId convertedAt convertedById customerId organizationId createdAt updatedAt }';
export const CUSTOMER =
  '{ id name email phone companyId ownerId contactId billingAddress billingCity billingState billingZipCode lifetimeOrderValue historyContactIds organizationId createdAt updatedAt }';
export const DELETED = '{ id message }';

/** The spec's paginated shape around a selection. */
export function page(selection: string): string {
  return `{ data ${selection} pagination { currentPage totalPages totalItems pageSize hasNextPage hasPreviousPage } }`;
}

/** A placeholder id in examples: valid in shape, found nowhere. */
export const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';
