/** What a route tells the server and the layout about itself (its `handle`). */
export interface RouteHandle {
  /** HTTP status the server answers with when this route renders. */
  status?: number;
  /** SPEC.md §2: the main area takes the full width, without the sidebar. */
  fullWidth?: boolean;
}
