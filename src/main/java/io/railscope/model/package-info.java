/** Values and states of the domain, shared by every other package and depending on none. */
package io.railscope.model;
