/** Server-rendered pages (Qute, htmx): the fleet overview and one page per cell. Nothing imports this package. */
package io.railscope.web;
