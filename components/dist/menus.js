export function install(__reelShared){var zn=Object.defineProperty;var Gi=i=>{throw TypeError(i)};var Zn=(i,t,e)=>t in i?zn(i,t,{enumerable:!0,configurable:!0,writable:!0,value:e}):i[t]=e;var E=(i,t,e)=>Zn(i,typeof t!="symbol"?t+"":t,e),De=(i,t,e)=>t.has(i)||Gi("Cannot "+e);var et=(i,t,e)=>(De(i,t,"read from private field"),e?e.call(i):t.get(i)),Xt=(i,t,e)=>t.has(i)?Gi("Cannot add the same private member more than once"):t instanceof WeakSet?t.add(i):t.set(i,e),He=(i,t,e,n)=>(De(i,t,"write to private field"),n?n.call(i,e):t.set(i,e),e),Pe=(i,t,e)=>(De(i,t,"access private method"),e);var qi=__reelShared[15],Et=qi.document,l=qi.globalThis;var B=class extends Event{constructor({action:t="auto",relatedTarget:e,...n}){super("invoke",n),this.action=t,this.relatedTarget=e}},Vt=class extends Event{constructor({newState:t,oldState:e,...n}){super("toggle",n),this.newState=t,this.oldState=e}};var b=__reelShared[12],zi=b.closestComposedNode,W=b.containsComposedNode,jt=b.getActiveElement,Ne=b.getAttributeMediaController,it=b.getBooleanAttr,nt=b.getDocumentOrShadowRoot,f=b.getMediaController,L=b.getNumericAttr,Zi=b.getOrInsertCSSRule,k=b.getStringAttr,Fi=b.insertCSSRule,st=b.namedNodeMapToObject,at=b.setBooleanAttr,M=b.setNumericAttr,A=b.setStringAttr;var Ke=(i,t,e)=>{if(!t.has(i))throw TypeError("Cannot "+e)},_=(i,t,e)=>(Ke(i,t,"read from private field"),e?e.call(i):t.get(i)),P=(i,t,e)=>{if(t.has(i))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(i):t.set(i,e)},Oe=(i,t,e,n)=>(Ke(i,t,"write to private field"),n?n.call(i,e):t.set(i,e),e),ot=(i,t,e)=>(Ke(i,t,"access private method"),e),te,At,Ue,Qi,ie,Ye,Ge,Ji,w,rt,Be,ee,We;function Fn(i){return`
    <style>
      :host {
        transition: var(--media-menu-item-transition,
          background .15s linear,
          opacity .2s ease-in-out
        );
        outline: var(--media-menu-item-outline, 0);
        outline-offset: var(--media-menu-item-outline-offset, -1px);
        cursor: var(--media-cursor, pointer);
        display: flex;
        align-items: center;
        align-self: stretch;
        justify-self: stretch;
        white-space: nowrap;
        white-space-collapse: collapse;
        text-wrap: nowrap;
        padding: .4em .8em .4em 1em;
      }

      :host(:focus-visible) {
        box-shadow: var(--media-menu-item-focus-shadow, inset 0 0 0 2px rgb(27 127 204 / .9));
        outline: var(--media-menu-item-hover-outline, 0);
        outline-offset: var(--media-menu-item-hover-outline-offset,  var(--media-menu-item-outline-offset, -1px));
      }

      :host(:hover) {
        cursor: var(--media-cursor, pointer);
        background: var(--media-menu-item-hover-background, rgb(92 92 102 / .5));
        outline: var(--media-menu-item-hover-outline);
        outline-offset: var(--media-menu-item-hover-outline-offset,  var(--media-menu-item-outline-offset, -1px));
      }

      :host([aria-checked="true"]) {
        background: var(--media-menu-item-checked-background);
      }

      :host([hidden]) {
        display: none;
      }

      :host([disabled]) {
        pointer-events: none;
        color: rgba(255, 255, 255, .3);
      }

      slot:not([name]) {
        width: 100%;
      }

      slot:not([name="submenu"]) {
        display: inline-flex;
        align-items: center;
        transition: inherit;
        opacity: var(--media-menu-item-opacity, 1);
      }

      slot[name="description"] {
        justify-content: end;
      }

      slot[name="description"] > span {
        display: inline-block;
        margin-inline: 1em .2em;
        max-width: var(--media-menu-item-description-max-width, 100px);
        text-overflow: ellipsis;
        overflow: hidden;
        font-size: .8em;
        font-weight: 400;
        text-align: right;
        position: relative;
        top: .04em;
      }

      slot[name="checked-indicator"] {
        display: none;
      }

      :host(:is([role="menuitemradio"],[role="menuitemcheckbox"])) slot[name="checked-indicator"] {
        display: var(--media-menu-item-checked-indicator-display, inline-block);
      }

      
      svg, img, ::slotted(svg), ::slotted(img) {
        height: var(--media-menu-item-icon-height, var(--media-control-height, 24px));
        fill: var(--media-icon-color, var(--media-primary-color, rgb(238 238 238)));
        display: block;
      }

      
      [part~="indicator"],
      ::slotted([part~="indicator"]) {
        fill: var(--media-menu-item-indicator-fill,
          var(--media-icon-color, var(--media-primary-color, rgb(238 238 238))));
        height: var(--media-menu-item-indicator-height, 1.25em);
        margin-right: .5ch;
      }

      [part~="checked-indicator"] {
        visibility: hidden;
      }

      :host([aria-checked="true"]) [part~="checked-indicator"] {
        visibility: visible;
      }
    </style>
    <slot name="checked-indicator">
      <svg aria-hidden="true" viewBox="0 1 24 24" part="checked-indicator indicator">
        <path d="m10 15.17 9.193-9.191 1.414 1.414-10.606 10.606-6.364-6.364 1.414-1.414 4.95 4.95Z"/>
      </svg>
    </slot>
    <slot name="prefix"></slot>
    <slot></slot>
    <slot name="description"></slot>
    <slot name="suffix">
      ${this.getSuffixSlotInnerHTML(i)}
    </slot>
    <slot name="submenu"></slot>
  `}function Qn(i){return""}var I={TYPE:"type",VALUE:"value",CHECKED:"checked",DISABLED:"disabled"},lt=class extends l.HTMLElement{constructor(){if(super(),P(this,Ue),P(this,ie),P(this,Ge),P(this,ee),P(this,te,!1),P(this,At,void 0),P(this,w,()=>{var t,e;this.submenuElement.items&&this.setAttribute("submenusize",`${this.submenuElement.items.length}`);let n=this.shadowRoot.querySelector('slot[name="description"]'),s=(t=this.submenuElement.checkedItems)==null?void 0:t[0],r=(e=s?.dataset.description)!=null?e:s?.text,o=Et.createElement("span");o.textContent=r??"",n.replaceChildren(o)}),P(this,rt,t=>{let{key:e}=t;if(!this.keysUsed.includes(e)){this.removeEventListener("keyup",_(this,rt));return}this.handleClick(t)}),P(this,Be,t=>{let{metaKey:e,altKey:n,key:s}=t;if(e||n||!this.keysUsed.includes(s)){this.removeEventListener("keyup",_(this,rt));return}this.addEventListener("keyup",_(this,rt),{once:!0})}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let t=st(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(t)}}static get observedAttributes(){return[I.TYPE,I.DISABLED,I.CHECKED,I.VALUE]}enable(){this.hasAttribute("tabindex")||this.setAttribute("tabindex","-1"),kt(this)&&!this.hasAttribute("aria-checked")&&this.setAttribute("aria-checked","false"),this.addEventListener("click",this),this.addEventListener("keydown",this)}disable(){this.removeAttribute("tabindex"),this.removeEventListener("click",this),this.removeEventListener("keydown",this),this.removeEventListener("keyup",this)}handleEvent(t){switch(t.type){case"slotchange":ot(this,Ue,Qi).call(this,t);break;case"click":this.handleClick(t);break;case"keydown":_(this,Be).call(this,t);break;case"keyup":_(this,rt).call(this,t);break}}attributeChangedCallback(t,e,n){t===I.CHECKED&&kt(this)&&!_(this,te)?this.setAttribute("aria-checked",n!=null?"true":"false"):t===I.TYPE&&n!==e?this.role="menuitem"+n:t===I.DISABLED&&n!==e&&(n==null?this.enable():this.disable())}connectedCallback(){this.hasAttribute(I.DISABLED)||this.enable(),this.role="menuitem"+this.type,Oe(this,At,$e(this,this.parentNode)),ot(this,ee,We).call(this),this.submenuElement&&ot(this,ie,Ye).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){this.disable(),ot(this,ee,We).call(this),Oe(this,At,null),this.shadowRoot.removeEventListener("slotchange",this)}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(t){this.setAttribute("invoketarget",`${t}`)}get invokeTargetElement(){var t;return this.invokeTarget?(t=nt(this))==null?void 0:t.querySelector(`#${this.invokeTarget}`):this.submenuElement}get submenuElement(){return this.shadowRoot.querySelector('slot[name="submenu"]').assignedElements({flatten:!0})[0]}get type(){var t;return(t=this.getAttribute(I.TYPE))!=null?t:""}set type(t){this.setAttribute(I.TYPE,`${t}`)}get value(){var t;return(t=this.getAttribute(I.VALUE))!=null?t:this.text}set value(t){this.setAttribute(I.VALUE,t)}get text(){var t;return((t=this.textContent)!=null?t:"").trim()}get checked(){if(kt(this))return this.getAttribute("aria-checked")==="true"}set checked(t){kt(this)&&(Oe(this,te,!0),this.setAttribute("aria-checked",t?"true":"false"),t?this.part.add("checked"):this.part.remove("checked"))}handleClick(t){kt(this)||this.invokeTargetElement&&W(this,t.target)&&this.invokeTargetElement.dispatchEvent(new B({relatedTarget:this}))}get keysUsed(){return["Enter"," "]}};te=new WeakMap;At=new WeakMap;Ue=new WeakSet;Qi=function(i){let t=i.target;if(!t?.name)for(let n of t.assignedNodes({flatten:!0}))n instanceof Text&&n.textContent.trim()===""&&n.remove();t.name==="submenu"&&(this.submenuElement?ot(this,ie,Ye).call(this):ot(this,Ge,Ji).call(this))};ie=new WeakSet;Ye=async function(){this.setAttribute("aria-haspopup","menu"),this.setAttribute("aria-expanded",`${!this.submenuElement.hidden}`),this.submenuElement.addEventListener("change",_(this,w)),this.submenuElement.addEventListener("addmenuitem",_(this,w)),this.submenuElement.addEventListener("removemenuitem",_(this,w)),_(this,w).call(this)};Ge=new WeakSet;Ji=function(){this.removeAttribute("aria-haspopup"),this.removeAttribute("aria-expanded"),this.submenuElement.removeEventListener("change",_(this,w)),this.submenuElement.removeEventListener("addmenuitem",_(this,w)),this.submenuElement.removeEventListener("removemenuitem",_(this,w)),_(this,w).call(this)};w=new WeakMap;rt=new WeakMap;Be=new WeakMap;ee=new WeakSet;We=function(){var i;let t=(i=_(this,At))==null?void 0:i.radioGroupItems;if(!t)return;let e=t.filter(n=>n.getAttribute("aria-checked")==="true").pop();e||(e=t[0]);for(let n of t)n.setAttribute("aria-checked","false");e?.setAttribute("aria-checked","true")};lt.shadowRootOptions={mode:"open"};lt.getTemplateHTML=Fn;lt.getSuffixSlotInnerHTML=Qn;function kt(i){return i.type==="radio"||i.type==="checkbox"}function $e(i,t){if(!i)return null;let{host:e}=i.getRootNode();return!t&&e?$e(i,e):t?.items?t:$e(t,t?.parentNode)}l.customElements.get("media-chrome-menu-item")||l.customElements.define("media-chrome-menu-item",lt);var qe=__reelShared[6],ze=qe.MediaStateReceiverAttributes,a=qe.MediaUIAttributes,v=qe.MediaUIEvents;function Xi({anchor:i,floating:t,placement:e}){let n=Jn({anchor:i,floating:t}),{x:s,y:r}=Vn(n,e);return{x:s,y:r}}function Jn({anchor:i,floating:t}){return{anchor:Xn(i,t.offsetParent),floating:{x:0,y:0,width:t.offsetWidth,height:t.offsetHeight}}}function Xn(i,t){var e;let n=i.getBoundingClientRect(),s=(e=t?.getBoundingClientRect())!=null?e:{x:0,y:0};return{x:n.x-s.x,y:n.y-s.y,width:n.width,height:n.height}}function Vn({anchor:i,floating:t},e){let n=jn(e)==="x"?"y":"x",s=n==="y"?"height":"width",r=Vi(e),o=i.x+i.width/2-t.width/2,c=i.y+i.height/2-t.height/2,p=i[s]/2-t[s]/2,y;switch(r){case"top":y={x:o,y:i.y-t.height};break;case"bottom":y={x:o,y:i.y+i.height};break;case"right":y={x:i.x+i.width,y:c};break;case"left":y={x:i.x-t.width,y:c};break;default:y={x:i.x,y:i.y}}switch(e.split("-")[1]){case"start":y[n]-=p;break;case"end":y[n]+=p;break}return y}function Vi(i){return i.split("-")[0]}function jn(i){return["top","bottom"].includes(Vi(i))?"y":"x"}var ji=__reelShared[14],yt=ji.observeResize,Tt=ji.unobserveResize;var si=(i,t,e)=>{if(!t.has(i))throw TypeError("Cannot "+e)},d=(i,t,e)=>(si(i,t,"read from private field"),e?e.call(i):t.get(i)),u=(i,t,e)=>{if(t.has(i))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(i):t.set(i,e)},x=(i,t,e,n)=>(si(i,t,"write to private field"),n?n.call(i,e):t.set(i,e),e),m=(i,t,e)=>(si(i,t,"access private method"),e),R,$,N,ne,St,Q,Ct,Ze,tn,re,ai,oe,se,Fe,Qe,en,Je,nn,Xe,sn,ct,dt,ht,Lt,le,ri,Ve,an,oi,rn,je,on,li,ln,ti,cn,ei,dn,It,ce,ii,hn,xt,de,ae,ni;function C({type:i,text:t,value:e,checked:n}){let s=Et.createElement("media-chrome-menu-item");s.type=i??"",s.part.add("menu-item"),i&&s.part.add(i),s.value=e,s.checked=n;let r=Et.createElement("span");return r.textContent=t,s.append(r),s}function T(i,t){let e=i.querySelector(`:scope > [slot="${t}"]`);if(e?.nodeName=="SLOT"&&(e=e.assignedElements({flatten:!0})[0]),e)return e=e.cloneNode(!0),e;let n=i.shadowRoot.querySelector(`[name="${t}"] > svg`);return n?n.cloneNode(!0):""}function ts(i){return`
    <style>
      :host {
        font: var(--media-font,
          var(--media-font-weight, normal)
          var(--media-font-size, 14px) /
          var(--media-text-content-height, var(--media-control-height, 24px))
          var(--media-font-family, helvetica neue, segoe ui, roboto, arial, sans-serif));
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        --_menu-bg: rgb(20 20 30 / .8);
        background: var(--media-menu-background, var(--media-control-background, var(--media-secondary-color, var(--_menu-bg))));
        border-radius: var(--media-menu-border-radius);
        border: var(--media-menu-border, none);
        display: var(--media-menu-display, inline-flex) !important;
        
        transition: var(--media-menu-transition-in,
          visibility 0s,
          opacity .2s ease-out,
          transform .15s ease-out,
          left .2s ease-in-out,
          min-width .2s ease-in-out,
          min-height .2s ease-in-out
        ) !important;
        
        visibility: var(--media-menu-visibility, visible);
        opacity: var(--media-menu-opacity, 1);
        max-height: var(--media-menu-max-height, var(--_menu-max-height, 300px));
        transform: var(--media-menu-transform-in, translateY(0) scale(1));
        flex-direction: column;
        
        min-height: 0;
        position: relative;
        bottom: var(--_menu-bottom);
        box-sizing: border-box;
      } 

      @-moz-document url-prefix() {
        :host{
          --_menu-bg: rgb(20 20 30);
        }
      }

      :host([hidden]) {
        transition: var(--media-menu-transition-out,
          visibility .15s ease-in,
          opacity .15s ease-in,
          transform .15s ease-in
        ) !important;
        visibility: var(--media-menu-hidden-visibility, hidden);
        opacity: var(--media-menu-hidden-opacity, 0);
        max-height: var(--media-menu-hidden-max-height,
          var(--media-menu-max-height, var(--_menu-max-height, 300px)));
        transform: var(--media-menu-transform-out, translateY(2px) scale(.99));
        pointer-events: none;
      }

      :host([slot="submenu"]) {
        background: none;
        width: 100%;
        min-height: 100%;
        position: absolute;
        bottom: 0;
        right: -100%;
      }

      #container {
        display: flex;
        flex-direction: column;
        min-height: 0;
        transition: transform .2s ease-out;
        transform: translate(0, 0);
      }

      #container.has-expanded {
        transition: transform .2s ease-in;
        transform: translate(-100%, 0);
      }

      button {
        background: none;
        color: inherit;
        border: none;
        padding: 0;
        font: inherit;
        outline: inherit;
        display: inline-flex;
        align-items: center;
      }

      slot[name="header"][hidden] {
        display: none;
      }

      slot[name="header"] > *,
      slot[name="header"]::slotted(*) {
        padding: .4em .7em;
        border-bottom: 1px solid rgb(255 255 255 / .25);
        cursor: var(--media-cursor, default);
      }

      slot[name="header"] > button[part~="back"],
      slot[name="header"]::slotted(button[part~="back"]) {
        cursor: var(--media-cursor, pointer);
      }

      svg[part~="back"] {
        height: var(--media-menu-icon-height, var(--media-control-height, 24px));
        fill: var(--media-icon-color, var(--media-primary-color, rgb(238 238 238)));
        display: block;
        margin-right: .5ch;
      }

      slot:not([name]) {
        gap: var(--media-menu-gap);
        flex-direction: var(--media-menu-flex-direction, column);
        overflow: var(--media-menu-overflow, hidden auto);
        display: flex;
        min-height: 0;
      }

      :host([role="menu"]) slot:not([name]) {
        padding-block: .4em;
      }

      slot:not([name])::slotted([role="menu"]) {
        background: none;
      }

      media-chrome-menu-item > span {
        margin-right: .5ch;
        max-width: var(--media-menu-item-max-width);
        text-overflow: ellipsis;
        overflow: hidden;
      }
    </style>
    <style id="layout-row" media="width:0">

      slot[name="header"] > *,
      slot[name="header"]::slotted(*) {
        padding: .4em .5em;
      }

      slot:not([name]) {
        gap: var(--media-menu-gap, .25em);
        flex-direction: var(--media-menu-flex-direction, row);
        padding-inline: .5em;
      }

      media-chrome-menu-item {
        padding: .3em .5em;
      }

      media-chrome-menu-item[aria-checked="true"] {
        background: var(--media-menu-item-checked-background, rgb(255 255 255 / .2));
      }

      
      media-chrome-menu-item::part(checked-indicator) {
        display: var(--media-menu-item-checked-indicator-display, none);
      }
    </style>
    <div id="container" part="container">
      <slot name="header" hidden>
        <button part="back button" aria-label="Back to previous menu">
          <slot name="back-icon">
            <svg aria-hidden="true" viewBox="0 0 20 24" part="back indicator">
              <path d="m11.88 17.585.742-.669-4.2-4.665 4.2-4.666-.743-.669-4.803 5.335 4.803 5.334Z"/>
            </svg>
          </slot>
          <slot name="title"></slot>
        </button>
      </slot>
      <slot></slot>
    </div>
    <slot name="checked-indicator" hidden></slot>
  `}var F={STYLE:"style",HIDDEN:"hidden",DISABLED:"disabled",ANCHOR:"anchor"},g=class extends l.HTMLElement{constructor(){if(super(),u(this,Ze),u(this,re),u(this,se),u(this,Qe),u(this,Je),u(this,Xe),u(this,ht),u(this,le),u(this,Ve),u(this,oi),u(this,je),u(this,li),u(this,ti),u(this,ei),u(this,It),u(this,ii),u(this,xt),u(this,ae),u(this,R,null),u(this,$,null),u(this,N,null),u(this,ne,new Set),u(this,St,void 0),u(this,Q,!1),u(this,Ct,null),u(this,oe,()=>{let t=d(this,ne),e=new Set(this.items);for(let n of t)e.has(n)||this.dispatchEvent(new CustomEvent("removemenuitem",{detail:n}));for(let n of e)t.has(n)||this.dispatchEvent(new CustomEvent("addmenuitem",{detail:n}));x(this,ne,e)}),u(this,ct,()=>{m(this,ht,Lt).call(this),m(this,le,ri).call(this,!1)}),u(this,dt,()=>{m(this,ht,Lt).call(this)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let t=st(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(t)}this.container=this.shadowRoot.querySelector("#container"),this.defaultSlot=this.shadowRoot.querySelector("slot:not([name])"),x(this,St,new MutationObserver(d(this,oe)))}static get observedAttributes(){return[F.DISABLED,F.HIDDEN,F.STYLE,F.ANCHOR,ze.MEDIA_CONTROLLER]}static formatMenuItemText(t,e){return t}enable(){this.addEventListener("click",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this),this.addEventListener("invoke",this),this.addEventListener("toggle",this)}disable(){this.removeEventListener("click",this),this.removeEventListener("focusout",this),this.removeEventListener("keyup",this),this.removeEventListener("invoke",this),this.removeEventListener("toggle",this)}handleEvent(t){switch(t.type){case"slotchange":m(this,Ze,tn).call(this,t);break;case"invoke":m(this,Qe,en).call(this,t);break;case"click":m(this,Ve,an).call(this,t);break;case"toggle":m(this,je,on).call(this,t);break;case"focusout":m(this,ti,cn).call(this,t);break;case"keydown":m(this,ei,dn).call(this,t);break}}connectedCallback(){var t,e;d(this,St).observe(this.defaultSlot,{childList:!0}),x(this,Ct,Fi(this.shadowRoot,":host")),m(this,se,Fe).call(this),this.hasAttribute("disabled")||this.enable(),this.role||(this.role="menu"),x(this,R,Ne(this)),(e=(t=d(this,R))==null?void 0:t.associateElement)==null||e.call(t,this),this.hidden||(yt(Mt(this),d(this,ct)),yt(this,d(this,dt))),m(this,re,ai).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){var t,e;d(this,St).disconnect(),Tt(Mt(this),d(this,ct)),Tt(this,d(this,dt)),this.disable(),(e=(t=d(this,R))==null?void 0:t.unassociateElement)==null||e.call(t,this),x(this,R,null),x(this,$,null),x(this,N,null),this.shadowRoot.removeEventListener("slotchange",this)}attributeChangedCallback(t,e,n){var s,r,o,c;t===F.HIDDEN&&n!==e?(d(this,Q)||x(this,Q,!0),this.hidden?m(this,Xe,sn).call(this):m(this,Je,nn).call(this),this.dispatchEvent(new Vt({oldState:this.hidden?"open":"closed",newState:this.hidden?"closed":"open",bubbles:!0}))):t===ze.MEDIA_CONTROLLER?(e&&((r=(s=d(this,R))==null?void 0:s.unassociateElement)==null||r.call(s,this),x(this,R,null)),n&&this.isConnected&&(x(this,R,Ne(this)),(c=(o=d(this,R))==null?void 0:o.associateElement)==null||c.call(o,this))):t===F.DISABLED&&n!==e?n==null?this.enable():this.disable():t===F.STYLE&&n!==e&&m(this,se,Fe).call(this)}formatMenuItemText(t,e){return this.constructor.formatMenuItemText(t,e)}get anchor(){return this.getAttribute("anchor")}set anchor(t){this.setAttribute("anchor",`${t}`)}get anchorElement(){var t;return this.anchor?(t=nt(this))==null?void 0:t.querySelector(`#${this.anchor}`):null}get items(){return this.defaultSlot.assignedElements({flatten:!0}).filter(es)}get radioGroupItems(){return this.items.filter(t=>t.role==="menuitemradio")}get checkedItems(){return this.items.filter(t=>t.checked)}get value(){var t,e;return(e=(t=this.checkedItems[0])==null?void 0:t.value)!=null?e:""}set value(t){let e=this.items.find(n=>n.value===t);e&&m(this,ae,ni).call(this,e)}focus(){if(x(this,$,jt()),this.items.length){m(this,xt,de).call(this,this.items[0]),this.items[0].focus();return}let t=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');t?.focus()}handleSelect(t){var e;let n=m(this,It,ce).call(this,t);n&&(m(this,ae,ni).call(this,n,n.type==="checkbox"),d(this,N)&&!this.hidden&&((e=d(this,$))==null||e.focus(),this.hidden=!0))}get keysUsed(){return["Enter","Escape","Tab"," ","ArrowDown","ArrowUp","Home","End"]}handleMove(t){var e,n;let{key:s}=t,r=this.items,o=(n=(e=m(this,It,ce).call(this,t))!=null?e:m(this,ii,hn).call(this))!=null?n:r[0],c=r.indexOf(o),p=Math.max(0,c);s==="ArrowDown"?p++:s==="ArrowUp"?p--:t.key==="Home"?p=0:t.key==="End"&&(p=r.length-1),p<0&&(p=r.length-1),p>r.length-1&&(p=0),m(this,xt,de).call(this,r[p]),r[p].focus()}};R=new WeakMap;$=new WeakMap;N=new WeakMap;ne=new WeakMap;St=new WeakMap;Q=new WeakMap;Ct=new WeakMap;Ze=new WeakSet;tn=function(i){let t=i.target;for(let e of t.assignedNodes({flatten:!0}))e.nodeType===3&&e.textContent.trim()===""&&e.remove();["header","title"].includes(t.name)&&m(this,re,ai).call(this),t.name||d(this,oe).call(this)};re=new WeakSet;ai=function(){let i=this.shadowRoot.querySelector('slot[name="header"]'),t=this.shadowRoot.querySelector('slot[name="title"]');i.hidden=t.assignedNodes().length===0&&i.assignedNodes().length===0};oe=new WeakMap;se=new WeakSet;Fe=function(){var i;let t=this.shadowRoot.querySelector("#layout-row"),e=(i=getComputedStyle(this).getPropertyValue("--media-menu-layout"))==null?void 0:i.trim();t.setAttribute("media",e==="row"?"":"width:0")};Qe=new WeakSet;en=function(i){x(this,N,i.relatedTarget),W(this,i.relatedTarget)||(this.hidden=!this.hidden)};Je=new WeakSet;nn=function(){var i;(i=d(this,N))==null||i.setAttribute("aria-expanded","true"),this.addEventListener("transitionend",()=>this.focus(),{once:!0}),yt(Mt(this),d(this,ct)),yt(this,d(this,dt))};Xe=new WeakSet;sn=function(){var i;(i=d(this,N))==null||i.setAttribute("aria-expanded","false"),Tt(Mt(this),d(this,ct)),Tt(this,d(this,dt))};ct=new WeakMap;dt=new WeakMap;ht=new WeakSet;Lt=function(i){if(this.hasAttribute("mediacontroller")&&!this.anchor||this.hidden||!this.anchorElement)return;let{x:t,y:e}=Xi({anchor:this.anchorElement,floating:this,placement:"top-start"});i??(i=this.offsetWidth);let s=Mt(this).getBoundingClientRect(),r=s.width-t-i,o=s.height-e-this.offsetHeight,{style:c}=d(this,Ct);c.setProperty("position","absolute"),c.setProperty("right",`${Math.max(0,r)}px`),c.setProperty("--_menu-bottom",`${o}px`);let p=getComputedStyle(this),Gn=c.getPropertyValue("--_menu-bottom")===p.bottom?o:parseFloat(p.bottom),qn=s.height-Gn-parseFloat(p.marginBottom);this.style.setProperty("--_menu-max-height",`${qn}px`)};le=new WeakSet;ri=function(i){let t=this.querySelector('[role="menuitem"][aria-haspopup][aria-expanded="true"]'),e=t?.querySelector('[role="menu"]'),{style:n}=d(this,Ct);if(i||n.setProperty("--media-menu-transition-in","none"),e){let s=e.offsetHeight,r=Math.max(e.offsetWidth,t.offsetWidth);this.style.setProperty("min-width",`${r}px`),this.style.setProperty("min-height",`${s}px`),m(this,ht,Lt).call(this,r)}else this.style.removeProperty("min-width"),this.style.removeProperty("min-height"),m(this,ht,Lt).call(this);n.removeProperty("--media-menu-transition-in")};Ve=new WeakSet;an=function(i){var t;if(i.stopPropagation(),i.composedPath().includes(d(this,oi,rn))){(t=d(this,$))==null||t.focus(),this.hidden=!0;return}let e=m(this,It,ce).call(this,i);!e||e.hasAttribute("disabled")||(m(this,xt,de).call(this,e),this.handleSelect(i))};oi=new WeakSet;rn=function(){var i;return(i=this.shadowRoot.querySelector('slot[name="header"]').assignedElements({flatten:!0}))==null?void 0:i.find(e=>e.matches('button[part~="back"]'))};je=new WeakSet;on=function(i){if(i.target===this)return;m(this,li,ln).call(this);let t=Array.from(this.querySelectorAll('[role="menuitem"][aria-haspopup]'));for(let e of t)e.invokeTargetElement!=i.target&&i.newState=="open"&&e.getAttribute("aria-expanded")=="true"&&!e.invokeTargetElement.hidden&&e.invokeTargetElement.dispatchEvent(new B({relatedTarget:e}));for(let e of t)e.setAttribute("aria-expanded",`${!e.submenuElement.hidden}`);m(this,le,ri).call(this,!0)};li=new WeakSet;ln=function(){let t=this.querySelector('[role="menuitem"] > [role="menu"]:not([hidden])');this.container.classList.toggle("has-expanded",!!t)};ti=new WeakSet;cn=function(i){var t;W(this,i.relatedTarget)||(d(this,Q)&&((t=d(this,$))==null||t.focus()),d(this,N)&&d(this,N)!==i.relatedTarget&&!this.hidden&&(this.hidden=!0))};ei=new WeakSet;dn=function(i){var t,e,n,s,r;let{key:o,ctrlKey:c,altKey:p,metaKey:y}=i;if(!(c||p||y)&&this.keysUsed.includes(o))if(i.preventDefault(),i.stopPropagation(),o==="Tab"){if(d(this,Q)){this.hidden=!0;return}i.shiftKey?(e=(t=this.previousElementSibling)==null?void 0:t.focus)==null||e.call(t):(s=(n=this.nextElementSibling)==null?void 0:n.focus)==null||s.call(n),this.blur()}else o==="Escape"?((r=d(this,$))==null||r.focus(),d(this,Q)&&(this.hidden=!0)):o==="Enter"||o===" "?this.handleSelect(i):this.handleMove(i)};It=new WeakSet;ce=function(i){return i.composedPath().find(t=>["menuitemradio","menuitemcheckbox"].includes(t.role))};ii=new WeakSet;hn=function(){return this.items.find(i=>i.tabIndex===0)};xt=new WeakSet;de=function(i){for(let t of this.items)t.tabIndex=t===i?0:-1};ae=new WeakSet;ni=function(i,t){let e=[...this.checkedItems];i.type==="radio"&&this.radioGroupItems.forEach(n=>n.checked=!1),t?i.checked=!i.checked:i.checked=!0,this.checkedItems.some((n,s)=>n!=e[s])&&this.dispatchEvent(new Event("change",{bubbles:!0,composed:!0}))};g.shadowRootOptions={mode:"open"};g.getTemplateHTML=ts;function es(i){return["menuitem","menuitemradio","menuitemcheckbox"].includes(i?.role)}function Mt(i){var t;return(t=i.getAttribute("bounds")?zi(i,`#${i.getAttribute("bounds")}`):f(i)||i.parentElement)!=null?t:i}l.customElements.get("media-chrome-menu")||l.customElements.define("media-chrome-menu",g);var he=__reelShared[11],un=he.areSubsOn,ci=he.formatTextTrackObj,ue=he.parseTextTracksStr,me=he.stringifyTextTrackList;var is=__reelShared[13],h=is.t;var mi=(i,t,e)=>{if(!t.has(i))throw TypeError("Cannot "+e)},ns=(i,t,e)=>(mi(i,t,"read from private field"),e?e.call(i):t.get(i)),di=(i,t,e)=>{if(t.has(i))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(i):t.set(i,e)},ss=(i,t,e,n)=>(mi(i,t,"write to private field"),n?n.call(i,e):t.set(i,e),e),pe=(i,t,e)=>(mi(i,t,"access private method"),e),ge,fe,hi,ve,ui,as=`
  <svg aria-hidden="true" viewBox="0 0 26 24" part="captions-indicator indicator">
    <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
  </svg>`;function rs(i){return`
    ${g.getTemplateHTML(i)}
    <slot name="captions-indicator" hidden>${as}</slot>
  `}var be=class extends g{constructor(){super(...arguments),di(this,fe),di(this,ve),di(this,ge,void 0)}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_SUBTITLES_LIST,a.MEDIA_SUBTITLES_SHOWING]}attributeChangedCallback(t,e,n){super.attributeChangedCallback(t,e,n),t===a.MEDIA_SUBTITLES_LIST&&e!==n?pe(this,fe,hi).call(this):t===a.MEDIA_SUBTITLES_SHOWING&&e!==n&&(this.value=n||"",pe(this,fe,hi).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",pe(this,ve,ui))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",pe(this,ve,ui))}get anchorElement(){return this.anchor!=="auto"?super.anchorElement:f(this).querySelector("media-captions-menu-button")}get mediaSubtitlesList(){return mn(this,a.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(t){pn(this,a.MEDIA_SUBTITLES_LIST,t)}get mediaSubtitlesShowing(){return mn(this,a.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(t){pn(this,a.MEDIA_SUBTITLES_SHOWING,t)}};ge=new WeakMap;fe=new WeakSet;hi=function(){var i;let t=ns(this,ge)!==JSON.stringify(this.mediaSubtitlesList),e=this.value!==this.getAttribute(a.MEDIA_SUBTITLES_SHOWING);if(!t&&!e)return;ss(this,ge,JSON.stringify(this.mediaSubtitlesList)),this.defaultSlot.textContent="";let n=!this.value,s=C({type:"radio",text:this.formatMenuItemText(h("Off")),value:"off",checked:n});s.prepend(T(this,"checked-indicator")),this.defaultSlot.append(s);let r=this.mediaSubtitlesList;for(let o of r){let c=C({type:"radio",text:this.formatMenuItemText(o.label,o),value:ci(o),checked:this.value==ci(o)});c.prepend(T(this,"checked-indicator")),((i=o.kind)!=null?i:"subs")==="captions"&&c.append(T(this,"captions-indicator")),this.defaultSlot.append(c)}};ve=new WeakSet;ui=function(){let i=this.mediaSubtitlesShowing,t=this.getAttribute(a.MEDIA_SUBTITLES_SHOWING),e=this.value!==t;if(i?.length&&e&&this.dispatchEvent(new l.CustomEvent(v.MEDIA_DISABLE_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:i})),!this.value||!e)return;let n=new l.CustomEvent(v.MEDIA_SHOW_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(n)};be.getTemplateHTML=rs;var mn=(i,t)=>{let e=i.getAttribute(t);return e?ue(e):[]},pn=(i,t,e)=>{if(!e?.length){i.removeAttribute(t);return}let n=me(e);i.getAttribute(t)!==n&&i.setAttribute(t,n)};l.customElements.get("media-captions-menu")||l.customElements.define("media-captions-menu",be);var os=__reelShared[8],K=os.MediaChromeButton;var S=class extends K{connectedCallback(){super.connectedCallback(),this.invokeTargetElement&&this.setAttribute("aria-haspopup","menu")}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(t){this.setAttribute("invoketarget",`${t}`)}get invokeTargetElement(){var t;return this.invokeTarget?(t=nt(this))==null?void 0:t.querySelector(`#${this.invokeTarget}`):null}handleClick(){var t;(t=this.invokeTargetElement)==null||t.dispatchEvent(new B({relatedTarget:this}))}};l.customElements.get("media-chrome-menu-button")||l.customElements.define("media-chrome-menu-button",S);var ls=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
</svg>`,cs=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M17.73 14.09a1.4 1.4 0 0 1-1 .37 1.579 1.579 0 0 1-1.27-.58A3 3 0 0 1 15 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34A2.89 2.89 0 0 0 19 9.07a3 3 0 0 0-2.14-.78 3.14 3.14 0 0 0-2.42 1 3.91 3.91 0 0 0-.93 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.17 3.17 0 0 0 1.07-1.74l-1.4-.45c-.083.43-.3.822-.62 1.12Zm-7.22 0a1.43 1.43 0 0 1-1 .37 1.58 1.58 0 0 1-1.27-.58A3 3 0 0 1 7.76 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34a2.81 2.81 0 0 0-.74-1.32 2.94 2.94 0 0 0-2.13-.78 3.18 3.18 0 0 0-2.43 1 4 4 0 0 0-.92 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.23 3.23 0 0 0 1.07-1.74l-1.4-.45a2.06 2.06 0 0 1-.6 1.07Zm12.32-8.41a2.59 2.59 0 0 0-2.3-2.51C18.72 3.05 15.86 3 13 3c-2.86 0-5.72.05-7.53.17a2.59 2.59 0 0 0-2.3 2.51c-.23 4.207-.23 8.423 0 12.63a2.57 2.57 0 0 0 2.3 2.5c1.81.13 4.67.19 7.53.19 2.86 0 5.72-.06 7.53-.19a2.57 2.57 0 0 0 2.3-2.5c.23-4.207.23-8.423 0-12.63Zm-1.49 12.53a1.11 1.11 0 0 1-.91 1.11c-1.67.11-4.45.18-7.43.18-2.98 0-5.76-.07-7.43-.18a1.11 1.11 0 0 1-.91-1.11c-.21-4.14-.21-8.29 0-12.43a1.11 1.11 0 0 1 .91-1.11C7.24 4.56 10 4.49 13 4.49s5.76.07 7.43.18a1.11 1.11 0 0 1 .91 1.11c.21 4.14.21 8.29 0 12.43Z"/>
</svg>`;function ds(){return`
    <style>
      :host([data-captions-enabled="true"]) slot[name=off] {
        display: none !important;
      }

      
      :host(:not([data-captions-enabled="true"])) slot[name=on] {
        display: none !important;
      }

      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="on">${ls}</slot>
      <slot name="off">${cs}</slot>
    </slot>
  `}function hs(){return h("Captions")}var fn=i=>{i.setAttribute("data-captions-enabled",un(i).toString())},vn=i=>{i.setAttribute("aria-label",h("closed captions"))},wt=class extends S{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_SUBTITLES_LIST,a.MEDIA_SUBTITLES_SHOWING,a.MEDIA_LANG]}connectedCallback(){super.connectedCallback(),vn(this),fn(this)}attributeChangedCallback(t,e,n){super.attributeChangedCallback(t,e,n),t===a.MEDIA_SUBTITLES_SHOWING?fn(this):t===a.MEDIA_LANG&&vn(this)}get invokeTargetElement(){var t;return this.invokeTarget!=null?super.invokeTargetElement:(t=f(this))==null?void 0:t.querySelector("media-captions-menu")}get mediaSubtitlesList(){return gn(this,a.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(t){bn(this,a.MEDIA_SUBTITLES_LIST,t)}get mediaSubtitlesShowing(){return gn(this,a.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(t){bn(this,a.MEDIA_SUBTITLES_SHOWING,t)}};wt.getSlotTemplateHTML=ds;wt.getTooltipContentHTML=hs;var gn=(i,t)=>{let e=i.getAttribute(t);return e?ue(e):[]},bn=(i,t,e)=>{if(!e?.length){i.removeAttribute(t);return}let n=me(e);i.getAttribute(t)!==n&&i.setAttribute(t,n)};l.customElements.get("media-captions-menu-button")||l.customElements.define("media-captions-menu-button",wt);var _n=__reelShared[16],En=_n.parseAudioTrackList,kn=_n.parseRenditionList;var bi=(i,t,e)=>{if(!t.has(i))throw TypeError("Cannot "+e)},An=(i,t,e)=>(bi(i,t,"read from private field"),e?e.call(i):t.get(i)),_e=(i,t,e)=>{if(t.has(i))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(i):t.set(i,e)},pi=(i,t,e,n)=>(bi(i,t,"write to private field"),n?n.call(i,e):t.set(i,e),e),Ee=(i,t,e)=>(bi(i,t,"access private method"),e),Rt,ye,ke,fi,Ae,vi,gi=class extends g{constructor(){super(...arguments),_e(this,ke),_e(this,Ae),_e(this,Rt,[]),_e(this,ye,void 0)}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_AUDIO_TRACK_LIST,a.MEDIA_AUDIO_TRACK_ENABLED,a.MEDIA_AUDIO_TRACK_UNAVAILABLE]}attributeChangedCallback(t,e,n){super.attributeChangedCallback(t,e,n),t===a.MEDIA_AUDIO_TRACK_ENABLED&&e!==n?this.value=n:t===a.MEDIA_AUDIO_TRACK_LIST&&e!==n&&(pi(this,Rt,En(n??"")),Ee(this,ke,fi).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",Ee(this,Ae,vi))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",Ee(this,Ae,vi))}get anchorElement(){var t;return this.anchor!=="auto"?super.anchorElement:(t=f(this))==null?void 0:t.querySelector("media-audio-track-menu-button")}get mediaAudioTrackList(){return An(this,Rt)}set mediaAudioTrackList(t){pi(this,Rt,t),Ee(this,ke,fi).call(this)}get mediaAudioTrackEnabled(){var t;return(t=k(this,a.MEDIA_AUDIO_TRACK_ENABLED))!=null?t:""}set mediaAudioTrackEnabled(t){A(this,a.MEDIA_AUDIO_TRACK_ENABLED,t)}};Rt=new WeakMap;ye=new WeakMap;ke=new WeakSet;fi=function(){if(An(this,ye)===JSON.stringify(this.mediaAudioTrackList))return;pi(this,ye,JSON.stringify(this.mediaAudioTrackList));let i=this.mediaAudioTrackList;this.defaultSlot.textContent="",i.sort((t,e)=>t.id.localeCompare(e.id,void 0,{numeric:!0}));for(let t of i){let e=this.formatMenuItemText(t.label,t),n=C({type:"radio",text:e,value:`${t.id}`,checked:t.enabled});n.prepend(T(this,"checked-indicator")),this.defaultSlot.append(n)}};Ae=new WeakSet;vi=function(){if(this.value==null)return;let i=new l.CustomEvent(v.MEDIA_AUDIO_TRACK_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(i)};l.customElements.get("media-audio-track-menu")||l.customElements.define("media-audio-track-menu",gi);var us=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M11 17H9.5V7H11v10Zm-3-3H6.5v-4H8v4Zm6-5h-1.5v6H14V9Zm3 7h-1.5V8H17v8Z"/>
  <path d="M22 12c0 5.523-4.477 10-10 10S2 17.523 2 12 6.477 2 12 2s10 4.477 10 10Zm-2 0a8 8 0 1 0-16 0 8 8 0 0 0 16 0Z"/>
</svg>`;function ms(){return`
    <style>
      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>
    <slot name="icon">${us}</slot>
  `}function ps(){return h("Audio")}var yn=i=>{let t=h("Audio");i.setAttribute("aria-label",t)},Dt=class extends S{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_AUDIO_TRACK_ENABLED,a.MEDIA_AUDIO_TRACK_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),yn(this)}attributeChangedCallback(t,e,n){super.attributeChangedCallback(t,e,n),t===a.MEDIA_LANG&&yn(this)}get invokeTargetElement(){var t;return this.invokeTarget!=null?super.invokeTargetElement:(t=f(this))==null?void 0:t.querySelector("media-audio-track-menu")}get mediaAudioTrackEnabled(){var t;return(t=k(this,a.MEDIA_AUDIO_TRACK_ENABLED))!=null?t:""}set mediaAudioTrackEnabled(t){A(this,a.MEDIA_AUDIO_TRACK_ENABLED,t)}};Dt.getSlotTemplateHTML=ms;Dt.getTooltipContentHTML=ps;l.customElements.get("media-audio-track-menu-button")||l.customElements.define("media-audio-track-menu-button",Dt);var ki=(i,t,e)=>{if(!t.has(i))throw TypeError("Cannot "+e)},O=(i,t,e)=>(ki(i,t,"read from private field"),e?e.call(i):t.get(i)),Te=(i,t,e)=>{if(t.has(i))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(i):t.set(i,e)},Tn=(i,t,e,n)=>(ki(i,t,"write to private field"),n?n.call(i,e):t.set(i,e),e),ut=(i,t,e)=>(ki(i,t,"access private method"),e),Ht,D,mt,Pt,Se,_i,Ei=class extends g{constructor(){super(...arguments),Te(this,mt),Te(this,Se),Te(this,Ht,[]),Te(this,D,{})}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_RENDITION_LIST,a.MEDIA_RENDITION_SELECTED,a.MEDIA_RENDITION_UNAVAILABLE,a.MEDIA_HEIGHT,a.MEDIA_WIDTH]}static formatMenuItemText(t,e){return super.formatMenuItemText(t,e)}static formatRendition(t,{showBitrate:e=!1}={}){let n=`${Math.min(t.width,t.height)}p`;if(e&&t.bitrate){let s=t.bitrate/1e6,r=`${s.toFixed(s<1?1:0)} Mbps`;return`${n} (${r})`}return this.formatMenuItemText(n,t)}static compareRendition(t,e){var n,s;return e.height===t.height?((n=e.bitrate)!=null?n:0)-((s=t.bitrate)!=null?s:0):e.height-t.height}attributeChangedCallback(t,e,n){if(super.attributeChangedCallback(t,e,n),e!==n)switch(t){case a.MEDIA_RENDITION_SELECTED:this.value=n??"auto",ut(this,mt,Pt).call(this);break;case a.MEDIA_RENDITION_LIST:Tn(this,Ht,kn(n)),ut(this,mt,Pt).call(this);break;case a.MEDIA_HEIGHT:case a.MEDIA_WIDTH:ut(this,mt,Pt).call(this);break}}connectedCallback(){super.connectedCallback(),this.addEventListener("change",ut(this,Se,_i))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",ut(this,Se,_i))}get anchorElement(){return this.anchor!=="auto"?super.anchorElement:f(this).querySelector("media-rendition-menu-button")}get mediaRenditionList(){return O(this,Ht)}set mediaRenditionList(t){Tn(this,Ht,t),ut(this,mt,Pt).call(this)}get mediaRenditionSelected(){return k(this,a.MEDIA_RENDITION_SELECTED)}set mediaRenditionSelected(t){A(this,a.MEDIA_RENDITION_SELECTED,t)}get mediaHeight(){return L(this,a.MEDIA_HEIGHT)}set mediaHeight(t){M(this,a.MEDIA_HEIGHT,t)}get mediaWidth(){return L(this,a.MEDIA_WIDTH)}set mediaWidth(t){M(this,a.MEDIA_WIDTH,t)}compareRendition(t,e){return this.constructor.compareRendition(t,e)}formatMenuItemText(t,e){return this.constructor.formatMenuItemText(t,e)}formatRendition(t,e){return this.constructor.formatRendition(t,e)}showRenditionBitrate(t){return this.mediaRenditionList.some(e=>e!==t&&e.height===t.height&&e.bitrate!==t.bitrate)}};Ht=new WeakMap;D=new WeakMap;mt=new WeakSet;Pt=function(){let i=!this.mediaRenditionSelected;if(O(this,D).mediaRenditionList===JSON.stringify(this.mediaRenditionList)&&O(this,D).mediaHeight===this.mediaHeight&&O(this,D).mediaWidth===this.mediaWidth&&O(this,D).isAuto===i)return;O(this,D).mediaRenditionList=JSON.stringify(this.mediaRenditionList),O(this,D).mediaHeight=this.mediaHeight,O(this,D).mediaWidth=this.mediaWidth,O(this,D).isAuto=i;let t=this.mediaRenditionList.sort(this.compareRendition.bind(this)),e=t.find(o=>o.id===this.mediaRenditionSelected);for(let o of t)o.selected=o===e;this.defaultSlot.textContent="";for(let o of t){let c=this.formatRendition(o,{showBitrate:this.showRenditionBitrate(o)}),p=C({type:"radio",text:c,value:`${o.id}`,checked:o.selected&&!i});p.prepend(T(this,"checked-indicator")),this.defaultSlot.append(p)}let n=e&&this.showRenditionBitrate(e),s;i&&(e?s=this.formatMenuItemText(`${h("Auto")} • ${this.formatRendition(e,{showBitrate:n})}`,e):this.mediaHeight>0&&this.mediaWidth>0&&(s=this.formatMenuItemText(`${h("Auto")} (${Math.min(this.mediaWidth,this.mediaHeight)}p)`))),s||(s=this.formatMenuItemText(h("Auto")));let r=C({type:"radio",text:s,value:"auto",checked:i});r.dataset.description=s,r.prepend(T(this,"checked-indicator")),this.defaultSlot.append(r)};Se=new WeakSet;_i=function(){if(this.value==null)return;let i=new l.CustomEvent(v.MEDIA_RENDITION_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(i)};l.customElements.get("media-rendition-menu")||l.customElements.define("media-rendition-menu",Ei);var fs=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M13.5 2.5h2v6h-2v-2h-11v-2h11v-2Zm4 2h4v2h-4v-2Zm-12 4h2v6h-2v-2h-3v-2h3v-2Zm4 2h12v2h-12v-2Zm1 4h2v6h-2v-2h-8v-2h8v-2Zm4 2h7v2h-7v-2Z" />
</svg>`;function vs(){return`
    <style>
      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>
    <slot name="icon">${fs}</slot>
  `}function gs(){return h("Quality")}var Nt=class extends S{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_RENDITION_SELECTED,a.MEDIA_RENDITION_UNAVAILABLE,a.MEDIA_HEIGHT]}connectedCallback(){super.connectedCallback(),this.setAttribute("aria-label",h("quality"))}get invokeTargetElement(){return this.invokeTarget!=null?super.invokeTargetElement:f(this).querySelector("media-rendition-menu")}get mediaRenditionSelected(){return k(this,a.MEDIA_RENDITION_SELECTED)}set mediaRenditionSelected(t){A(this,a.MEDIA_RENDITION_SELECTED,t)}get mediaHeight(){return L(this,a.MEDIA_HEIGHT)}set mediaHeight(t){M(this,a.MEDIA_HEIGHT,t)}};Nt.getSlotTemplateHTML=vs;Nt.getTooltipContentHTML=gs;l.customElements.get("media-rendition-menu-button")||l.customElements.define("media-rendition-menu-button",Nt);var bs=__reelShared[10],Ie=bs.AttributeTokenList;var _s=(i,t,e)=>{if(!t.has(i))throw TypeError("Cannot "+e)},pt=(i,t,e)=>(_s(i,t,"read from private field"),e?e.call(i):t.get(i)),Es=(i,t,e)=>{if(t.has(i))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(i):t.set(i,e)},Y,Ai={RATES:"rates"},yi=[1,1.2,1.5,1.7,2],J=1;function H(i){return Math.round(i*100)/100}function ks(i){return`
    <style>
      :host {
        min-width: 5ch;
        padding: var(--media-button-padding, var(--media-control-padding, 10px 5px));
      }
    </style>
    <slot name="icon">${i.mediaplaybackrate?H(+i.mediaplaybackrate):J}x</slot>
  `}function As(){return h("Playback rate")}var Ot=class extends K{constructor(){var t;super(),Es(this,Y,new Ie(this,Ai.RATES,{defaultValue:yi})),this.container=this.shadowRoot.querySelector('slot[name="icon"]'),this.container.innerHTML=`${H((t=this.mediaPlaybackRate)!=null?t:J)}x`}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_PLAYBACK_RATE,Ai.RATES]}attributeChangedCallback(t,e,n){if(super.attributeChangedCallback(t,e,n),t===Ai.RATES&&(pt(this,Y).value=n),t===a.MEDIA_PLAYBACK_RATE){let s=n?+n:Number.NaN,r=H(Number.isNaN(s)?J:s);this.container.innerHTML=`${r}x`,this.setAttribute("aria-label",h("Playback rate {playbackRate}",{playbackRate:r}))}}get rates(){return pt(this,Y)}set rates(t){t?Array.isArray(t)?pt(this,Y).value=t.join(" "):typeof t=="string"&&(pt(this,Y).value=t):pt(this,Y).value=""}get mediaPlaybackRate(){return L(this,a.MEDIA_PLAYBACK_RATE,J)}set mediaPlaybackRate(t){M(this,a.MEDIA_PLAYBACK_RATE,t)}handleClick(){var t,e;let n=Array.from(pt(this,Y).values(),o=>+o).sort((o,c)=>o-c),s=(e=(t=n.find(o=>o>this.mediaPlaybackRate))!=null?t:n[0])!=null?e:J,r=new l.CustomEvent(v.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:s});this.dispatchEvent(r)}};Y=new WeakMap;Ot.getSlotTemplateHTML=ks;Ot.getTooltipContentHTML=As;l.customElements.get("media-playback-rate-button")||l.customElements.define("media-playback-rate-button",Ot);var Sn=(i,t,e)=>{if(!t.has(i))throw TypeError("Cannot "+e)},vt=(i,t,e)=>(Sn(i,t,"read from private field"),e?e.call(i):t.get(i)),Ti=(i,t,e)=>{if(t.has(i))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(i):t.set(i,e)},ft=(i,t,e)=>(Sn(i,t,"access private method"),e),G,gt,Ut,xe,Ii,Si={RATES:"rates"},xi=class extends g{constructor(){super(),Ti(this,gt),Ti(this,xe),Ti(this,G,new Ie(this,Si.RATES,{defaultValue:yi})),ft(this,gt,Ut).call(this)}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_PLAYBACK_RATE,Si.RATES]}attributeChangedCallback(t,e,n){super.attributeChangedCallback(t,e,n),t===a.MEDIA_PLAYBACK_RATE&&e!=n?(this.value=n,ft(this,gt,Ut).call(this)):t===Si.RATES&&e!=n&&(vt(this,G).value=n,ft(this,gt,Ut).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",ft(this,xe,Ii))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",ft(this,xe,Ii))}get anchorElement(){return this.anchor!=="auto"?super.anchorElement:f(this).querySelector("media-playback-rate-menu-button")}get rates(){return vt(this,G)}set rates(t){t?Array.isArray(t)?vt(this,G).value=t.join(" "):typeof t=="string"&&(vt(this,G).value=t):vt(this,G).value="",ft(this,gt,Ut).call(this)}get mediaPlaybackRate(){return L(this,a.MEDIA_PLAYBACK_RATE,J)}set mediaPlaybackRate(t){M(this,a.MEDIA_PLAYBACK_RATE,t)}};G=new WeakMap;gt=new WeakSet;Ut=function(){this.defaultSlot.textContent="";let i=H(this.mediaPlaybackRate),t=new Set(Array.from(vt(this,G)).map(n=>H(Number(n))));i>0&&!t.has(i)&&t.add(i);let e=Array.from(t).sort((n,s)=>n-s);for(let n of e){let s=C({type:"radio",text:this.formatMenuItemText(`${n}x`,n),value:n.toString(),checked:i===n});s.prepend(T(this,"checked-indicator")),this.defaultSlot.append(s)}};xe=new WeakSet;Ii=function(){if(!this.value)return;let i=new l.CustomEvent(v.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(i)};l.customElements.get("media-playback-rate-menu")||l.customElements.define("media-playback-rate-menu",xi);var Ce=1;function ys(i){return`
    <style>
      :host {
        min-width: 5ch;
        padding: var(--media-button-padding, var(--media-control-padding, 10px 5px));
      }

      :host([aria-expanded="true"]) slot {
        display: block;
      }

      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>
    <slot name="icon">${i.mediaplaybackrate?H(+i.mediaplaybackrate):Ce}x</slot>
  `}function Ts(){return h("Playback rate")}var Bt=class extends S{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_PLAYBACK_RATE]}constructor(){var t;super(),this.container=this.shadowRoot.querySelector('slot[name="icon"]'),this.container.innerHTML=`${H((t=this.mediaPlaybackRate)!=null?t:Ce)}x`}attributeChangedCallback(t,e,n){if(super.attributeChangedCallback(t,e,n),t===a.MEDIA_PLAYBACK_RATE){let s=n?+n:Number.NaN,r=H(Number.isNaN(s)?Ce:s);this.container.innerHTML=`${r}x`,this.setAttribute("aria-label",h("Playback rate {playbackRate}",{playbackRate:r}))}}get invokeTargetElement(){return this.invokeTarget!=null?super.invokeTargetElement:f(this).querySelector("media-playback-rate-menu")}get mediaPlaybackRate(){return L(this,a.MEDIA_PLAYBACK_RATE,Ce)}set mediaPlaybackRate(t){M(this,a.MEDIA_PLAYBACK_RATE,t)}};Bt.getSlotTemplateHTML=ys;Bt.getTooltipContentHTML=Ts;l.customElements.get("media-playback-rate-menu-button")||l.customElements.define("media-playback-rate-menu-button",Bt);var In=__reelShared[18],xn=In.backoff,Ci=In.formatTime;function Ss(i,t){let e=-1;return i.forEach((n,s)=>n.startTime<=t+.05&&(e=s)),e}var q,$t,Kt,Mi,Li=class extends g{constructor(){super(...arguments);Xt(this,Kt);Xt(this,q,[]);Xt(this,$t,-2)}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_CURRENT_TIME]}get mediaChaptersCues(){return et(this,q)}set mediaChaptersCues(e){let n=JSON.stringify(e||[])===JSON.stringify(et(this,q));He(this,q,e||[]),n||Pe(this,Kt,Mi).call(this,!0)}attributeChangedCallback(e,n,s){super.attributeChangedCallback(e,n,s),e===a.MEDIA_CURRENT_TIME&&Pe(this,Kt,Mi).call(this,!1)}handleSelect(e){let n=e.composedPath().find(s=>s.getAttribute?.("role")==="menuitemradio");super.handleSelect(e),n&&this.dispatchEvent(new CustomEvent(v.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:+n.value}))}};q=new WeakMap,$t=new WeakMap,Kt=new WeakSet,Mi=function(e){let n=Ss(et(this,q),Number(this.getAttribute(a.MEDIA_CURRENT_TIME))||0);if(!(!e&&n===et(this,$t))){if(He(this,$t,n),!e){this.items.forEach((s,r)=>s.checked=r===n);return}this.defaultSlot.textContent="",et(this,q).forEach((s,r)=>{let o=C({type:"radio",text:s.text,value:String(s.startTime),checked:r===n});o.prepend(T(this,"checked-indicator"));let c=document.createElement("span");c.slot="suffix",c.part.add("chapter-time"),c.textContent=Ci(s.startTime),o.append(c),o.setAttribute("aria-label",`${s.text}, ${Ci(s.startTime)}`),this.defaultSlot.append(o)})}};var Is='<svg aria-hidden="true" viewBox="0 0 24 24"><path fill="currentColor" d="M4 6.5h2v2H4zm4 0h12v2H8zm-4 4.5h2v2H4zm4 0h12v2H8zm-4 4.5h2v2H4zm4 0h12v2H8z"/></svg>',Wt=class extends S{connectedCallback(){super.connectedCallback(),this.setAttribute("aria-label","chapters")}};E(Wt,"getSlotTemplateHTML",()=>`<style>:host([aria-expanded="true"]) slot[name=tooltip]{display:none}</style><slot name="icon">${Is}</slot>`),E(Wt,"getTooltipContentHTML",()=>"Chapters");customElements.get("reel-chapters-menu")||customElements.define("reel-chapters-menu",Li);customElements.get("reel-chapters-menu-button")||customElements.define("reel-chapters-menu-button",Wt);var Cn=`<svg aria-hidden="true" viewBox="0 0 28 24">
  <path d="M24 3H4a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h20a1 1 0 0 0 1-1V4a1 1 0 0 0-1-1Zm-1 16H5V5h18v14Zm-3-8h-7v5h7v-5Z"/>
</svg>`;function xs(i){return`
    <style>
      :host([${a.MEDIA_IS_PIP}]) slot[name=icon] slot:not([name=exit]) {
        display: none !important;
      }

      :host(:not([${a.MEDIA_IS_PIP}])) slot[name=icon] slot:not([name=enter]) {
        display: none !important;
      }

      :host([${a.MEDIA_IS_PIP}]) slot[name=tooltip-enter],
      :host(:not([${a.MEDIA_IS_PIP}])) slot[name=tooltip-exit] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="enter">${Cn}</slot>
      <slot name="exit">${Cn}</slot>
    </slot>
  `}function Cs(){return`
    <slot name="tooltip-enter">${h("Enter picture in picture mode")}</slot>
    <slot name="tooltip-exit">${h("Exit picture in picture mode")}</slot>
  `}var Ln=i=>{let t=i.mediaIsPip?h("exit picture in picture mode"):h("enter picture in picture mode");i.setAttribute("aria-label",t)},Yt=class extends K{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_IS_PIP,a.MEDIA_PIP_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),Ln(this)}attributeChangedCallback(t,e,n){super.attributeChangedCallback(t,e,n),t===a.MEDIA_IS_PIP&&Ln(this)}get mediaPipUnavailable(){return k(this,a.MEDIA_PIP_UNAVAILABLE)}set mediaPipUnavailable(t){A(this,a.MEDIA_PIP_UNAVAILABLE,t)}get mediaIsPip(){return it(this,a.MEDIA_IS_PIP)}set mediaIsPip(t){at(this,a.MEDIA_IS_PIP,t)}handleClick(){let t=this.mediaIsPip?v.MEDIA_EXIT_PIP_REQUEST:v.MEDIA_ENTER_PIP_REQUEST;this.dispatchEvent(new l.CustomEvent(t,{composed:!0,bubbles:!0}))}};Yt.getSlotTemplateHTML=xs;Yt.getTooltipContentHTML=Cs;l.customElements.get("media-pip-button")||l.customElements.define("media-pip-button",Yt);var Mn=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M22.13 3H3.87a.87.87 0 0 0-.87.87v13.26a.87.87 0 0 0 .87.87h3.4L9 16H5V5h16v11h-4l1.72 2h3.4a.87.87 0 0 0 .87-.87V3.87a.87.87 0 0 0-.86-.87Zm-8.75 11.44a.5.5 0 0 0-.76 0l-4.91 5.73a.5.5 0 0 0 .38.83h9.82a.501.501 0 0 0 .38-.83l-4.91-5.73Z"/>
</svg>
`;function Ls(i){return`
    <style>
      :host([${a.MEDIA_IS_AIRPLAYING}]) slot[name=icon] slot:not([name=exit]) {
        display: none !important;
      }

      
      :host(:not([${a.MEDIA_IS_AIRPLAYING}])) slot[name=icon] slot:not([name=enter]) {
        display: none !important;
      }

      :host([${a.MEDIA_IS_AIRPLAYING}]) slot[name=tooltip-enter],
      :host(:not([${a.MEDIA_IS_AIRPLAYING}])) slot[name=tooltip-exit] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="enter">${Mn}</slot>
      <slot name="exit">${Mn}</slot>
    </slot>
  `}function Ms(){return`
    <slot name="tooltip-enter">${h("start airplay")}</slot>
    <slot name="tooltip-exit">${h("stop airplay")}</slot>
  `}var wn=i=>{let t=i.mediaIsAirplaying?h("stop airplay"):h("start airplay");i.setAttribute("aria-label",t)},Gt=class extends K{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_IS_AIRPLAYING,a.MEDIA_AIRPLAY_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),wn(this)}attributeChangedCallback(t,e,n){super.attributeChangedCallback(t,e,n),t===a.MEDIA_IS_AIRPLAYING&&wn(this)}get mediaIsAirplaying(){return it(this,a.MEDIA_IS_AIRPLAYING)}set mediaIsAirplaying(t){at(this,a.MEDIA_IS_AIRPLAYING,t)}get mediaAirplayUnavailable(){return k(this,a.MEDIA_AIRPLAY_UNAVAILABLE)}set mediaAirplayUnavailable(t){A(this,a.MEDIA_AIRPLAY_UNAVAILABLE,t)}handleClick(){let t=new l.CustomEvent(v.MEDIA_AIRPLAY_REQUEST,{composed:!0,bubbles:!0});this.dispatchEvent(t)}};Gt.getSlotTemplateHTML=Ls;Gt.getTooltipContentHTML=Ms;l.customElements.get("media-airplay-button")||l.customElements.define("media-airplay-button",Gt);var Oi=(i,t,e)=>{if(!t.has(i))throw TypeError("Cannot "+e)},V=(i,t,e)=>(Oi(i,t,"read from private field"),e?e.call(i):t.get(i)),U=(i,t,e)=>{if(t.has(i))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(i):t.set(i,e)},Ui=(i,t,e,n)=>(Oi(i,t,"write to private field"),n?n.call(i,e):t.set(i,e),e),X=(i,t,e)=>(Oi(i,t,"access private method"),e),Me,zt,j,Le,wi,Ri,Rn,Di,Dn,Hi,Hn,Pi,Pn,Ni,Nn;function ws(i){return`
    <style>
      :host {
        font: var(--media-font,
          var(--media-font-weight, normal)
          var(--media-font-size, 14px) /
          var(--media-text-content-height, var(--media-control-height, 24px))
          var(--media-font-family, helvetica neue, segoe ui, roboto, arial, sans-serif));
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        display: var(--media-dialog-display, inline-flex);
        justify-content: center;
        align-items: center;
        
        transition-behavior: allow-discrete;
        visibility: hidden;
        opacity: 0;
        transform: translateY(2px) scale(.99);
        pointer-events: none;
      }

      :host([open]) {
        transition: display .2s, visibility 0s, opacity .2s ease-out, transform .15s ease-out;
        visibility: visible;
        opacity: 1;
        transform: translateY(0) scale(1);
        pointer-events: auto;
      }

      #content {
        display: flex;
        position: relative;
        box-sizing: border-box;
        width: min(320px, 100%);
        word-wrap: break-word;
        max-height: 100%;
        overflow: auto;
        text-align: center;
        line-height: 1.4;
      }
    </style>
    ${this.getSlotTemplateHTML(i)}
  `}function Rs(i){return`
    <slot id="content"></slot>
  `}var qt={OPEN:"open",ANCHOR:"anchor"},z=class extends l.HTMLElement{constructor(){super(),U(this,Le),U(this,Ri),U(this,Di),U(this,Hi),U(this,Pi),U(this,Ni),U(this,Me,!1),U(this,zt,null),U(this,j,null)}static get observedAttributes(){return[qt.OPEN,qt.ANCHOR]}get open(){return it(this,qt.OPEN)}set open(t){at(this,qt.OPEN,t)}handleEvent(t){switch(t.type){case"invoke":X(this,Hi,Hn).call(this,t);break;case"focusout":X(this,Pi,Pn).call(this,t);break;case"keydown":X(this,Ni,Nn).call(this,t);break}}connectedCallback(){X(this,Le,wi).call(this),this.role||(this.role="dialog"),this.addEventListener("invoke",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this)}disconnectedCallback(){this.removeEventListener("invoke",this),this.removeEventListener("focusout",this),this.removeEventListener("keydown",this)}attributeChangedCallback(t,e,n){X(this,Le,wi).call(this),t===qt.OPEN&&n!==e&&(this.open?X(this,Ri,Rn).call(this):X(this,Di,Dn).call(this))}focus(){Ui(this,zt,jt());let t=!this.dispatchEvent(new Event("focus",{composed:!0,cancelable:!0})),e=!this.dispatchEvent(new Event("focusin",{composed:!0,bubbles:!0,cancelable:!0}));if(t||e)return;let n=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');n?.focus()}get keysUsed(){return["Escape","Tab"]}};Me=new WeakMap;zt=new WeakMap;j=new WeakMap;Le=new WeakSet;wi=function(){if(!V(this,Me)&&(Ui(this,Me,!0),!this.shadowRoot)){this.attachShadow(this.constructor.shadowRootOptions);let i=st(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(i),queueMicrotask(()=>{let{style:t}=Zi(this.shadowRoot,":host");t.setProperty("transition","display .15s, visibility .15s, opacity .15s ease-in, transform .15s ease-in")})}};Ri=new WeakSet;Rn=function(){var i;(i=V(this,j))==null||i.setAttribute("aria-expanded","true"),this.dispatchEvent(new Event("open",{composed:!0,bubbles:!0})),this.addEventListener("transitionend",()=>this.focus(),{once:!0})};Di=new WeakSet;Dn=function(){var i;(i=V(this,j))==null||i.setAttribute("aria-expanded","false"),this.dispatchEvent(new Event("close",{composed:!0,bubbles:!0}))};Hi=new WeakSet;Hn=function(i){Ui(this,j,i.relatedTarget),W(this,i.relatedTarget)||(this.open=!this.open)};Pi=new WeakSet;Pn=function(i){var t;W(this,i.relatedTarget)||((t=V(this,zt))==null||t.focus(),V(this,j)&&V(this,j)!==i.relatedTarget&&this.open&&(this.open=!1))};Ni=new WeakSet;Nn=function(i){var t,e,n,s,r;let{key:o,ctrlKey:c,altKey:p,metaKey:y}=i;c||p||y||this.keysUsed.includes(o)&&(i.preventDefault(),i.stopPropagation(),o==="Tab"?(i.shiftKey?(e=(t=this.previousElementSibling)==null?void 0:t.focus)==null||e.call(t):(s=(n=this.nextElementSibling)==null?void 0:n.focus)==null||s.call(n),this.blur()):o==="Escape"&&((r=V(this,zt))==null||r.focus(),this.open=!1))};z.shadowRootOptions={mode:"open"};z.getTemplateHTML=ws;z.getSlotTemplateHTML=Rs;l.customElements.get("media-chrome-dialog")||l.customElements.define("media-chrome-dialog",z);var Ds=(i,t,e)=>{if(!t.has(i))throw TypeError("Cannot "+e)},Z=(i,t,e)=>(Ds(i,t,"read from private field"),e?e.call(i):t.get(i)),On=(i,t,e)=>{if(t.has(i))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(i):t.set(i,e)},bt,_t,Zt={HOTKEYS:"hotkeys"},Hs=[{keys:[{key:" ",label:"Space"},{key:"k"}],description:"Toggle Playback"},{keys:[{key:"m"}],description:"Toggle mute"},{keys:[{key:"f"}],description:"Toggle fullscreen"},{keys:[{key:"c"}],description:"Toggle captions or subtitles, if available"},{keys:[{key:"p"}],description:"Toggle Picture in Picture"},{keys:[{key:"ArrowLeft",label:"←"},{key:"j"}],description:"Seek back 10s"},{keys:[{key:"ArrowRight",label:"→"},{key:"l"}],description:"Seek forward 10s"},{keys:[{key:"ArrowUp",label:"↑"}],description:"Turn volume up"},{keys:[{key:"ArrowDown",label:"↓"}],description:"Turn volume down"},{keys:[{key:"<",label:"< (SHIFT+,)"}],description:"Decrease playback rate"},{keys:[{key:">",label:"> (SHIFT+.)"}],description:"Increase playback rate"},{keys:[{key:"shift+/",label:"SHIFT+/"}],description:"Show keyboard shortcuts"}];function Ps(i){return i===" "?"nospace":`no${i.toLowerCase()}`}function Ns(i){let t=new Set(i?.split(/\s+/));return Hs.map(({keys:e,description:n})=>({keys:e.filter(({key:s})=>!t.has(Ps(s))),description:n})).filter(({keys:e})=>e.length)}function Os(i){return`
    <style>
      :host {
        position: fixed;
        top: 0;
        left: 0;
        z-index: 9999;
        background: rgb(20 20 30 / .8);
        backdrop-filter: blur(10px);
      }

      #content {
        display: block;
        width: clamp(400px, 40vw, 700px);
        max-width: 90vw;
        text-align: left;
      }

      h2 {
        margin: 0 0 1.5rem 0;
        font-size: 1.5rem;
        font-weight: 500;
        text-align: center;
      }

      .shortcuts-table {
        width: 100%;
        border-collapse: collapse;
      }

      .shortcuts-table tr {
        border-bottom: 1px solid rgba(255, 255, 255, 0.1);
      }

      .shortcuts-table tr:last-child {
        border-bottom: none;
      }

      .shortcuts-table td {
        padding: 0.75rem 0.5rem;
      }

      .shortcuts-table td:first-child {
        text-align: right;
        padding-right: 1rem;
        width: 40%;
        min-width: 120px;
      }

      .shortcuts-table td:last-child {
        padding-left: 1rem;
      }

      .key {
        display: inline-block;
        background: rgba(255, 255, 255, 0.15);
        border: 1px solid rgba(255, 255, 255, 0.2);
        border-radius: 4px;
        padding: 0.25rem 0.5rem;
        font-family: 'Courier New', monospace;
        font-size: 0.9rem;
        font-weight: 500;
        min-width: 1.5rem;
        text-align: center;
        margin: 0 0.2rem;
      }

      .description {
        color: rgba(255, 255, 255, 0.9);
        font-size: 0.95rem;
      }

      .key-combo {
        display: flex;
        align-items: center;
        justify-content: flex-end;
        gap: 0.3rem;
      }

      .key-separator {
        color: rgba(255, 255, 255, 0.5);
        font-size: 0.9rem;
      }
    </style>
    <slot id="content">
      ${Un(i[Zt.HOTKEYS])}
    </slot>
  `}function Un(i){return`
    <h2>Keyboard Shortcuts</h2>
    <table class="shortcuts-table">${Ns(i).map(({keys:e,description:n})=>`
        <tr>
          <td>
            <div class="key-combo">${e.map(({key:r,label:o=r},c)=>c>0?`<span class="key-separator">or</span><span class="key">${o}</span>`:`<span class="key">${o}</span>`).join("")}</div>
          </td>
          <td class="description">${n}</td>
        </tr>
      `).join("")}</table>
  `}var we=class extends z{constructor(){super(...arguments),On(this,bt,t=>{var e;if(!this.open)return;let n=(e=this.shadowRoot)==null?void 0:e.querySelector("#content");if(!n)return;let s=t.composedPath(),r=s[0]===this||s.includes(this),o=s.includes(n);r&&!o&&(this.open=!1)}),On(this,_t,t=>{if(!this.open)return;let e=t.shiftKey&&(t.key==="/"||t.key==="?");(t.key==="Escape"||e)&&!t.ctrlKey&&!t.altKey&&!t.metaKey&&(this.open=!1,t.preventDefault(),t.stopPropagation())})}static get observedAttributes(){return[...super.observedAttributes,Zt.HOTKEYS]}get hotkeys(){var t;return(t=k(this,Zt.HOTKEYS))!=null?t:void 0}set hotkeys(t){A(this,Zt.HOTKEYS,t)}connectedCallback(){super.connectedCallback(),this.open&&(this.addEventListener("click",Z(this,bt)),document.addEventListener("keydown",Z(this,_t)))}disconnectedCallback(){this.removeEventListener("click",Z(this,bt)),document.removeEventListener("keydown",Z(this,_t))}attributeChangedCallback(t,e,n){var s;if(super.attributeChangedCallback(t,e,n),t==="open")this.open?(this.addEventListener("click",Z(this,bt)),document.addEventListener("keydown",Z(this,_t))):(this.removeEventListener("click",Z(this,bt)),document.removeEventListener("keydown",Z(this,_t)));else if(t===Zt.HOTKEYS&&n!==e){let r=(s=this.shadowRoot)==null?void 0:s.querySelector("#content");r&&(r.innerHTML=Un(n))}}};bt=new WeakMap;_t=new WeakMap;we.getSlotTemplateHTML=Os;l.customElements.get("media-keyboard-shortcuts-dialog")||l.customElements.define("media-keyboard-shortcuts-dialog",we);var Re=__reelShared[5],Bi=Re.LitElement,Wi=Re.css,tt=Re.html,Bn=Re.nothing;var Ft=__reelShared[17],Wn=Ft.ReelError,$n=Ft.apiBase,$i=Ft.isLiveInfo,Kn=Ft.lookupEmbed,Ki=Ft.tokenize;var Yi=new WeakMap;function Yn(i,t){let e=Yi.has(i);if(Yi.set(i,t),e)return;let n=i.track.bind(i);i.track=(s,r={})=>{let o=s==="heartbeat"?Yi.get(i)?.():void 0;if(o===void 0)return n(s,r);let c={...r,live:!0};o!==null&&Number.isFinite(o)&&(c.latency=Math.round(Math.min(86400,Math.max(0,o))*100)/100),n(s,c)}}var Qt=class extends Bi{constructor(){super();E(this,"player");E(this,"_tick");E(this,"_poll");E(this,"_retries",0);E(this,"_watch",()=>{let e=this.player;e._live="",e.media.autoplay=e.autoplay,e.dispatchEvent(new CustomEvent("reel-live",{detail:{state:"",recording:!0}})),e.play().catch(()=>{})});this.state="",this.recording=!1,this._latency=null}connectedCallback(){super.connectedCallback(),this._tick=setInterval(()=>this._stats(),500),this._schedule()}disconnectedCallback(){super.disconnectedCallback(),clearInterval(this._tick),clearTimeout(this._poll)}updated(e){!this.player||!(e.has("state")||e.has("player")&&this.state)||(this.player.dispatchEvent(new CustomEvent("reel-live",{detail:{state:this.state,recording:this.recording}})),e.get("state")!==void 0&&this._schedule())}_set(e){this.player._live=e,this.state=e}measure(){let e=this.player,n=e?.media;if(e?._live!=="live"||!n.currentTime)return null;let s=n.getStartDate?.()?.getTime(),r=e._hls?e._hls.playingDate?.getTime():s?s+n.currentTime*1e3:NaN;return r&&Number.isFinite(r)?Math.max(0,(Date.now()-r)/1e3):null}atEdge(){let e=this.player,n=e.media.seekable,s=e._hls?.targetLatency;return!n.length||n.end(n.length-1)-e.media.currentTime<=(s&&Number.isFinite(s)?s:3)+3}seekToLive(){let e=this.player,n=e.media,s=n.seekable;if(e._live!=="live"||!s.length)return;let r=e._hls?.liveSyncPosition;n.currentTime=r&&Number.isFinite(r)?r:Math.max(0,s.end(s.length-1)-2),n.paused&&n.play().catch(()=>{}),this._stats()}_stats(){let e=this.player;if(!e)return;let n=e.media,s=e._hls?.latestLevelDetails;if(e._live==="waiting"&&(s?s.live&&s.fragments.length:n.readyState)&&(this._retries=0,e._hls?.config&&(e._hls.config.maxLiveSyncPlaybackRate=1.25),this._set("live")),e._live==="live"&&(s?!s.live&&(n.paused||n.ended):n.ended)&&(n.pause(),this._set("ended")),e._metrics&&Yn(e._metrics,()=>e._live==="live"?this.atEdge()?this.measure():null:void 0),e._live!=="live")return;let r=this.measure();this._latency=r==null?null:Math.round(r*10)/10;let o=this.atEdge();this.getRootNode().querySelectorAll("reel-live-button").forEach(c=>c.edge=o)}_schedule(){clearTimeout(this._poll);let e=this.player;if(!e||!this.isConnected||this.recording)return;let n=e.constructor.livePoll;this._poll=setTimeout(()=>this._lookup(),this.state==="ended"?n*2/5:n)}async _lookup(){let e=this.player,n=e._sourceSeq,s=null;try{e.embed&&(s=await Kn($n(e),e.embed,e.token,!0))}catch{}if(n!==e._sourceSeq||!this.isConnected)return null;if(s&&!$i(s)){if(s.archived||s.state==="errored")return e._fail(new Wn(404,"not_found","gone")),null;e._live!=="ended"&&(e.media.pause(),this._set("ended")),s.playable&&s.state==="ready"&&s.urls.hls&&await this._attachRecording(s)}return this._schedule(),s}async retry(e){let n=this.player;if(e!==n._sourceSeq||n._live==="ended")return;this._set("waiting");let s=n.constructor;if(await new Promise(c=>setTimeout(c,xn(this._retries++,s.retryBase,s.livePoll))),e!==n._sourceSeq)return;let r=await this._lookup();if(e!==n._sourceSeq||n._live!=="waiting")return;if(!r)return void this.retry(e);if(!$i(r))return;n._hls?.destroy(),n._hls=null;let o=Ki(r,n.token);n._info=o,await n._attach(o,0,n._playIntended||n.autoplay)}async _attachRecording(e){let n=this.player;if(this.recording)return;this.recording=!0,n._hls?.destroy(),n._hls=null;let s=Ki(e,n.token);n._info=s,n._ended=!1,n.media.autoplay=!1,await n._attach(s,0,!1),n.dispatchEvent(new CustomEvent("reel-live",{detail:{state:"ended",recording:!0}}))}render(){return this.state==="live"?this._latency==null?Bn:tt`<div class="stats" part="live-stats" aria-hidden="true">Latency ${this._latency.toFixed(1)} s</div>`:this.state==="waiting"?tt`<div class="note" role="status">
        <strong><span class="dot"></span>Waiting for the live stream</strong><span>It will start here as soon as it is on air.</span>
      </div>`:tt`<div class="note" role="status">
      <strong>The live stream has ended</strong>
      ${this.recording?tt`<button part="recording-button" @click=${this._watch}>Watch the recording</button>`:tt`<span>Its recording will be here in a moment.</span>`}
    </div>`}};E(Qt,"properties",{state:{type:String},recording:{type:Boolean},_latency:{state:!0},player:{attribute:!1}}),E(Qt,"styles",Wi`:host{position:absolute;inset:0;z-index:2;pointer-events:none;font-family:var(--reel-font-family,system-ui,sans-serif);color:#fff}.stats{position:absolute;top:10px;right:10px;padding:4px 8px;border-radius:4px;background:rgb(0 0 0 / .65);font-size:12px;font-weight:500;line-height:1.3;font-variant-numeric:tabular-nums}.note{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.6em;padding:1.5em;text-align:center;background:var(--reel-message-background,rgb(0 0 0 / .7));font-size:1rem;line-height:1.4;pointer-events:auto}strong{font-size:1.15em}.dot{display:inline-block;width:.6em;height:.6em;margin-right:.45em;border-radius:50%;background:var(--reel-live-color,#d0121b);animation:pulse 1.2s ease-in-out infinite alternate}@keyframes pulse{to{opacity:.3}}button{margin-top:.4em;min-height:40px;padding:0 18px;border:0;border-radius:20px;background:#fff;color:#111;font:600 15px/1 var(--reel-font-family,system-ui,sans-serif);cursor:pointer}button:focus-visible{outline:3px solid #fff;outline-offset:2px}`);var Jt=class extends Bi{constructor(){super();E(this,"_click",()=>{this.getRootNode().querySelector("reel-live")?.seekToLive()});this.edge=!0}render(){return tt`<button part="button" aria-label=${this.edge?"LIVE: at the live edge":"LIVE: go to the live edge"} @click=${this._click}>LIVE</button>`}};E(Jt,"properties",{edge:{type:Boolean,reflect:!0}}),E(Jt,"styles",Wi`:host{display:inline-flex;margin:0 auto 0 8px}button{display:inline-flex;align-items:center;gap:6px;min-height:28px;padding:0 10px;border:0;border-radius:4px;background:#5c5f66;color:#fff;font:700 13px/1 var(--reel-font-family,system-ui,sans-serif);letter-spacing:.06em;cursor:pointer}:host([edge]) button{background:var(--reel-live-color,#d0121b);cursor:default}button::before{content:'';width:8px;height:8px;border-radius:50%;background:currentColor}:host(:not([edge])) button:hover{filter:brightness(1.2)}button:focus-visible{outline:3px solid #fff;outline-offset:2px}`);customElements.get("reel-live")||customElements.define("reel-live",Qt);customElements.get("reel-live-button")||customElements.define("reel-live-button",Jt);}
