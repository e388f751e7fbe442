/**
 * What every HTTP answer shares: errors as {@code {"error", "field"}} for the API and as a page for the pages, and
 * the 500 that names an id found in the log instead of a stack trace.
 */
package io.railscope.http;
