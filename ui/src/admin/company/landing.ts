// Where a user goes after sign-in (signed-in-area.md §2.2). Where they go after choosing a company is
// landingAfterChoice in @binaan/contracts: one rule for the ui and the api's company/choose `landing`.

/** §2.2: after sign-in, /article (or the article the sign-in came from). */
export function landingAfterLogin(fromArticleId?: string | null): string {
  return fromArticleId ? `/article/view/${encodeURIComponent(fromArticleId)}` : '/article';
}
