// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

// The bounds docs/openapi.yaml sets on every request field, one export per request-body schema
// (`ProductInput.title.maxLength`) and per operation for its parameters, by operationId
// (`listLocalities.q.minLength`; an inline request body as `<operationId>Body`). Lengths are in
// characters (code points), as the server counts them after trimming. Import it as a namespace:
// `import * as limits from '@/contract/limits.gen'`.

export { AdminBrandRequest } from './limits/AdminBrandRequest.gen';
export { AdminCategoryCreate } from './limits/AdminCategoryCreate.gen';
export { AdminCategoryPatch } from './limits/AdminCategoryPatch.gen';
export { ChangePasswordRequest } from './limits/ChangePasswordRequest.gen';
export { ContactRequestInput } from './limits/ContactRequestInput.gen';
export { ContactUsRequest } from './limits/ContactUsRequest.gen';
export { CreateAdminRequest } from './limits/CreateAdminRequest.gen';
export { CreatePlanRequest } from './limits/CreatePlanRequest.gen';
export { EmailRequest } from './limits/EmailRequest.gen';
export { ImageUploadRequest } from './limits/ImageUploadRequest.gen';
export { ProductInput } from './limits/ProductInput.gen';
export { ReportRequest } from './limits/ReportRequest.gen';
export { ResetPasswordRequest } from './limits/ResetPasswordRequest.gen';
export { ResolveReportRequest } from './limits/ResolveReportRequest.gen';
export { ReviewEdit } from './limits/ReviewEdit.gen';
export { ReviewInput } from './limits/ReviewInput.gen';
export { ReviewText } from './limits/ReviewText.gen';
export { SavedSearchChange } from './limits/SavedSearchChange.gen';
export { SavedSearchInput } from './limits/SavedSearchInput.gen';
export { SignUpRequest } from './limits/SignUpRequest.gen';
export { SiteSettingsRequest } from './limits/SiteSettingsRequest.gen';
export { UpdateInfoRequest } from './limits/UpdateInfoRequest.gen';
export { UpdatePlanRequest } from './limits/UpdatePlanRequest.gen';
export { UserStatusRequest } from './limits/UserStatusRequest.gen';
export { listAuditEntries } from './limits/listAuditEntries.gen';
export { listContactRequests } from './limits/listContactRequests.gen';
export { listContactUsMessages } from './limits/listContactUsMessages.gen';
export { listFavourites } from './limits/listFavourites.gen';
export { listLocalities } from './limits/listLocalities.gen';
export { listReports } from './limits/listReports.gen';
export { listSuggestions } from './limits/listSuggestions.gen';
export { listUsers } from './limits/listUsers.gen';
export { previewOrder } from './limits/previewOrder.gen';
export { searchProducts } from './limits/searchProducts.gen';
export { viewProductBody } from './limits/viewProductBody.gen';
