/** The JSON API under /api/v1, described in the OpenAPI document at /q/openapi. Nothing imports this package. */
package io.railscope.api;
